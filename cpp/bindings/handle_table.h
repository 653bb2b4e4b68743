// What JavaScript holds of a C++ object the module keeps (a translator, a trainer, a language model): a small integer
// id into a table, so JS never holds an Embind object it must .delete(). Ids come from one counter per module, so an
// id names one object of one table, and a disposed object's id is never handed out again.
#pragma once

#include <emscripten/val.h>

#include <map>
#include <string>
#include <utility>

#include "js_values.h"

namespace attn::bindings {

inline int next_handle_id() {
  static int id = 1;
  return id++;
}

template <class Entry>
class HandleTable {
 public:
  // `what` as the refusal of a disposed object's call names it: "this <what> has been disposed".
  explicit HandleTable(const char* what) : what_(what) {}

  // Keeps `entry` under a new id: { id, the entry as kept }.
  std::pair<int, Entry&> add(Entry entry) {
    const int id = next_handle_id();
    return {id, entries_.emplace(id, std::move(entry)).first->second};
  }
  // The entry kept as `id`, or null when there is none (never added, or disposed).
  Entry* find(int id) {
    const auto it = entries_.find(id);
    return it == entries_.end() ? nullptr : &it->second;
  }
  bool erase(int id) { return entries_.erase(id) == 1; }

  // What a call on a disposed (or unknown) id answers.
  emscripten::val disposed() const {
    return js::error_result("RangeError", std::string("this ") + what_ + " has been disposed");
  }

 private:
  const char* what_;
  std::map<int, Entry> entries_;
};

}  // namespace attn::bindings
