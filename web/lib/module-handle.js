// What every object the module keeps for JS (a translator, a trainer, a language model) needs on the JS side: its
// id in the module's table, calls that answer { error } turned into thrown errors named by the operation, and
// a dispose() that frees it once, after which every call throws a RangeError saying so.
import { unwrap } from './errors.js';

export class ModuleHandle {
  #disposed = false;

  /**
   * @param {any} module  the Emscripten module
   * @param {number} id   the object's id in the module's table
   * @param {string} noun what the object is called in errors ("trainer")
   * @param {string} free the module's function that frees it
   */
  constructor(module, id, noun, free) {
    this.module = module;
    this.id = id;
    this.noun = noun;
    this.free = free;
    Object.seal(this);
  }

  /** Throws a RangeError naming `operation` once the object is disposed. */
  live(operation) {
    if (this.#disposed) throw new RangeError(`${operation}: this ${this.noun} has been disposed`);
  }

  /** module[name](id, ...args), its { error } thrown as an error prefixed by `operation`. */
  call(operation, name, ...args) {
    this.live(operation);
    return unwrap(this.module[name](this.id, ...args), operation);
  }

  dispose() {
    if (!this.#disposed) this.module[this.free](this.id);
    this.#disposed = true;
  }
}
