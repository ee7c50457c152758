import { createRequire as __perfgateCreateRequire } from 'node:module'; const require = __perfgateCreateRequire(import.meta.url);
import {
  require_src
} from "./chunk-AA4L4O2Y.js";
import "./chunk-XSFH25DW.js";
import "./chunk-M2YMEHZN.js";
export default require_src();
