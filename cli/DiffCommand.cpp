// `commcost diff BASE NEW`: the command-line wiring of RecordDiff.h. Exit
// status 0 when the check passes, 1 when it fails, 2 for bad input.
#include "Subcommand.h"

#include "commcost/BudgetAnnotation.h"
#include "commcost/RecordDiff.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;
using namespace commcost;

namespace {

cl::SubCommand
    DiffCmd("diff",
            "Compare the predicted costs of two optimisation records (files "
            "or folders of *.opt.yaml); exit 1 on a rise above the threshold");
cl::list<std::string> Paths(cl::Positional, cl::desc("BASE NEW"), cl::OneOrMore,
                            cl::sub(DiffCmd));
cl::opt<double> Threshold("threshold",
                          cl::desc("Fail on a rise of more than PCT percent "
                                   "(default 5)"),
                          cl::value_desc("PCT"), cl::init(5), cl::sub(DiffCmd));
cl::list<std::string> Sets("set",
                           cl::desc("name=value: a variable of symbolic costs "
                                    "(repeatable, or comma-separated)"),
                           cl::sub(DiffCmd));
cl::opt<bool> Json("json", cl::desc("Machine-readable output"),
                   cl::sub(DiffCmd));

/// Bad input exits 2, so that scripts can tell it from a failed check.
constexpr int BadInput = 2;

int runDiff() {
  if (Paths.size() != 2)
    cli::fail("diff needs two arguments, BASE and NEW (files or folders of "
              "*.opt.yaml)",
              BadInput);
  if (Threshold < 0)
    cli::fail("--threshold must be a percentage >= 0", BadInput);
  if (sys::fs::is_directory(Paths[0]) != sys::fs::is_directory(Paths[1]))
    cli::fail("BASE " + Paths[0] + " and NEW " + Paths[1] +
                  " must both be files or both folders: sites are matched "
                  "by their record file's path within the folder",
              BadInput);
  DiffOptions Options;
  Options.ThresholdPct = Threshold;
  try {
    Options.Bindings = parseBindings(join(Sets, ","));
  } catch (const BindingError &E) {
    cli::fail(Twine("--set ") + E.what(), BadInput);
  }
  try {
    RecordSet Base = readRecords(Paths[0]);
    RecordSet New = readRecords(Paths[1]);
    RecordDiff D = diffRecords(Base, New, Options);
    if (Json)
      outs() << D.toJson().dump(2) << "\n";
    else
      D.print(outs());
    return D.failed() ? 1 : 0;
  } catch (const RecordError &E) {
    cli::fail(E.what(), BadInput);
  }
}

cli::RegisterSubcommand Registered(DiffCmd, runDiff);

} // namespace
