/** The merchant-side input helpers live in `../input` (shared with discounts, customers, merchants). */
export {
  dateInput,
  invalid,
  merchantOf,
  metadataInput,
  pageQuery,
  parseInput,
  type Scoped,
  scoped,
  unique,
} from "../input";
