/** SKUs: half-width letters, digits, - and _, starting with a letter or digit (the cart's, the URL's and the CSV's key). */
export const SKU_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;
