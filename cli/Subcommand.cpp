// The registry of subcommands defined in their own files (Subcommand.h).
#include "Subcommand.h"

#include "llvm/Support/raw_ostream.h"

#include <cstdlib>
#include <utility>
#include <vector>

namespace commcost::cli {

static std::vector<std::pair<llvm::cl::SubCommand *, RunFunction>> &registry() {
  static std::vector<std::pair<llvm::cl::SubCommand *, RunFunction>> R;
  return R;
}

RegisterSubcommand::RegisterSubcommand(llvm::cl::SubCommand &Command,
                                       RunFunction Run) {
  registry().emplace_back(&Command, Run);
}

std::optional<int> runSelectedSubcommand() {
  for (auto [Command, Run] : registry())
    if (*Command)
      return Run();
  return std::nullopt;
}

void fail(const llvm::Twine &Msg, int Status) {
  llvm::errs() << "commcost: error: " << Msg << "\n";
  std::exit(Status);
}

} // namespace commcost::cli
