/** Whether the subscribe button is offered (spec §6: public_subscription or allowed_ip). */
export function subscriptionOffered(args: { publicSubscription: boolean; allowedIps: string[]; clientIp: string | null }): boolean {
  if (args.publicSubscription) return true;
  return args.clientIp != null && args.allowedIps.includes(args.clientIp);
}

/** Parses the SUBSCRIPTION_ALLOWED_IPS setting ("1.2.3.4, 5.6.7.8"). */
export function parseIpList(setting: string | undefined): string[] {
  return (setting ?? "")
    .split(",")
    .map((ip) => ip.trim())
    .filter(Boolean);
}
