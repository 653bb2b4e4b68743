// Evaluated before the elements (they load the module as soon as they are on a page): the package's wasm and
// models are in web/lib/, which is '../lib/' from this folder and from the bundle's (both one level under web/).
// The base is a variable so that bundlers leave the URL to run time rather than copy a folder.
import { setAssetBase } from '../lib/index.js';

const here = import.meta.url;
setAssetBase(new URL('../lib/', here));
