// A small "--name value" command-line reader shared by the native tools; a switch ("--name" alone) reads as "on".
#pragma once

#include <cstdlib>
#include <iostream>
#include <map>
#include <set>
#include <string>

namespace attn::tools {

class Options {
 public:
  // `switches` take no value: each is "off" unless given.
  Options(int argc, char** argv, std::map<std::string, std::string> defaults,
          const std::set<std::string>& switches = {})
      : values_(std::move(defaults)) {
    for (const auto& name : switches) values_[name] = "off";
    for (int i = 1; i < argc; ++i) {
      const std::string arg = argv[i];
      const std::string name = arg.rfind("--", 0) == 0 ? arg.substr(2) : "";
      if (switches.count(name)) {
        values_[name] = "on";
        continue;
      }
      if (name.empty() || i + 1 >= argc || !values_.count(name)) {
        std::cerr << "unknown or incomplete option '" << arg << "'; options (with defaults):\n";
        for (const auto& [known, value] : values_)
          std::cerr << "  --" << known << (switches.count(known) ? " (a switch)" : " " + value) << "\n";
        std::exit(2);
      }
      values_[name] = argv[++i];
    }
  }
  const std::string& text(const std::string& name) const { return values_.at(name); }
  unsigned long long number(const std::string& name) const { return std::stoull(values_.at(name)); }
  double real(const std::string& name) const { return std::stod(values_.at(name)); }

 private:
  std::map<std::string, std::string> values_;
};

}  // namespace attn::tools
