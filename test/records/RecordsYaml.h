// Builders of commcost records in LLVM's YAML remark format, for tests that
// need a precise record (the fixtures in data/ are real plugin output).
#pragma once

#include <string>
#include <utility>
#include <vector>

namespace commcost::test {

using KeyValues = std::vector<std::pair<std::string, std::string>>;

inline std::string record(const std::string &Type, const std::string &Name,
                          const std::string &Function, unsigned Line,
                          const KeyValues &Args,
                          const std::string &Pass = "commcost") {
  std::string Y =
      "--- !" + Type + "\nPass: " + Pass + "\nName: " + Name +
      "\nDebugLoc: { File: 'src/halo.c', Line: " + std::to_string(Line) +
      ", Column: 3 }\nFunction: " + Function + "\nArgs:\n  - String: 'text '\n";
  for (const auto &[Key, Value] : Args)
    Y += "  - " + Key + ": '" + Value + "'\n";
  return Y + "...\n";
}

/// An analysed site.
inline std::string site(const std::string &Function, const std::string &Callee,
                        const std::string &Kind, unsigned Line,
                        const std::string &CostUs, KeyValues Extra = {}) {
  KeyValues Args = {{"Callee", Callee},
                    {"Kind", Kind},
                    {"Array", "grid"},
                    {"Model", "M1-mpi"}};
  if (!CostUs.empty())
    Args.emplace_back("CostUs", CostUs);
  Args.insert(Args.end(), Extra.begin(), Extra.end());
  return record("Analysis", "CommunicationCost", Function, Line, Args);
}

inline std::string missed(const std::string &Function,
                          const std::string &Callee, unsigned Line,
                          const std::string &Reason) {
  return record("Missed", "UnknownDatatype", Function, Line,
                {{"Callee", Callee}, {"Reason", Reason}});
}

inline std::string functionCost(const std::string &Function,
                                const std::string &CostUs, unsigned Sites,
                                unsigned Missed,
                                const std::string &MostExpensive) {
  return record("Analysis", "FunctionCost", Function, 1,
                {{"Function", Function},
                 {"Sites", std::to_string(Sites)},
                 {"Missed", std::to_string(Missed)},
                 {"CostUs", CostUs},
                 {"MostExpensive", MostExpensive}});
}

} // namespace commcost::test
