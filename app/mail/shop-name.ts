import { createContext, useContext } from "react";
import { SHOP_NAME } from "~/core/site/site";

/**
 * The shop's name as a mail's body writes it: the settings in force when the mail goes as an e-mail
 * (EmailLayout provides them, decision 0057); the default name in an in-app お知らせ, which has no frame.
 */
export const ShopNameContext = createContext(SHOP_NAME);

export const useShopName = () => useContext(ShopNameContext);
