// A small "--name value" command-line reader shared by the native tools.
#pragma once

#include <cstdlib>
#include <iostream>
#include <map>
#include <string>

namespace attn::tools {

class Options {
 public:
  Options(int argc, char** argv, std::map<std::string, std::string> defaults) : values_(std::move(defaults)) {
    for (int i = 1; i < argc; ++i) {
      const std::string arg = argv[i];
      if (arg.rfind("--", 0) != 0 || i + 1 >= argc || !values_.count(arg.substr(2))) {
        std::cerr << "unknown or incomplete option '" << arg << "'; options (with defaults):\n";
        for (const auto& [name, value] : values_) std::cerr << "  --" << name << " " << value << "\n";
        std::exit(2);
      }
      values_[arg.substr(2)] = argv[++i];
    }
  }
  const std::string& text(const std::string& name) const { return values_.at(name); }
  unsigned long long number(const std::string& name) const { return std::stoull(values_.at(name)); }
  double real(const std::string& name) const { return std::stod(values_.at(name)); }

 private:
  std::map<std::string, std::string> values_;
};

}  // namespace attn::tools
