import { createRequire as __perfgateCreateRequire } from 'node:module'; const require = __perfgateCreateRequire(import.meta.url);
import {
  require_protobufjs
} from "./chunk-XSFH25DW.js";
import "./chunk-M2YMEHZN.js";
export default require_protobufjs();
