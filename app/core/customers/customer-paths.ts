/**
 * Staff's customer pages, in a module of their own: the /crm navigation and the order and ticket pages link
 * to them without loading the customer rules.
 */
export const CUSTOMERS_PATH = "/crm/customers";
export const GUEST_CUSTOMER_PATH = `${CUSTOMERS_PATH}/guest`;

export function customerPath(customerId: number): string {
  return `${CUSTOMERS_PATH}/${customerId}`;
}

/** A guest's page: the orders and tickets of one e-mail address that no member placed. */
export function guestCustomerPath(email: string): string {
  return `${GUEST_CUSTOMER_PATH}?${new URLSearchParams({ email })}`;
}

/** Staff's correction of one of the member's addresses. */
export function customerAddressPath(customerId: number, addressId: number): string {
  return `${customerPath(customerId)}/addresses/${addressId}`;
}
