// Subcommands of `commcost` that live in files of their own: each file
// defines its llvm::cl::SubCommand and options and registers its run
// function here at start-up; main() runs the one the user selected.
#pragma once

#include "llvm/ADT/Twine.h"
#include "llvm/Support/CommandLine.h"

#include <optional>

namespace commcost::cli {

using RunFunction = int (*)();

/// A global of this type in a subcommand's file registers it.
struct RegisterSubcommand {
  RegisterSubcommand(llvm::cl::SubCommand &Command, RunFunction Run);
};

/// Runs the registered subcommand the command line selected; nullopt when
/// it selected none of them.
std::optional<int> runSelectedSubcommand();

/// Prints "commcost: error: Msg" and exits with Status.
[[noreturn]] void fail(const llvm::Twine &Msg, int Status = 1);

} // namespace commcost::cli
