// For leak checks and peak figures, in every module: bytes malloc has handed out, and the size of wasm memory (which
// only grows, so it is the peak so far).
#pragma once

#include <emscripten/heap.h>
#include <emscripten/val.h>
#include <malloc.h>

namespace attn::bindings {

// { allocatedBytes, heapBytes }
inline emscripten::val memory_stats() {
  emscripten::val stats = emscripten::val::object();
  stats.set("allocatedBytes", static_cast<double>(mallinfo().uordblks));
  stats.set("heapBytes", static_cast<double>(emscripten_get_heap_size()));
  return stats;
}

}  // namespace attn::bindings
