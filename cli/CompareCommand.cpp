// `commcost compare RUN.json... RECORDS...`: the command-line wiring of
// RunCompare.h. Arguments ending in .json are run files of a program built
// with -fplugin-arg-commcost-measure; the others record files or folders.
#include "Subcommand.h"

#include "commcost/BudgetAnnotation.h"
#include "commcost/RunCompare.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;
using namespace commcost;

namespace {

cl::SubCommand CompareCmd("compare",
                          "Predicted against measured cost per site: run "
                          "files of a program built with "
                          "-fplugin-arg-commcost-measure (*.json) and its "
                          "optimisation records (files or folders)");
cl::list<std::string> Paths(cl::Positional, cl::desc("RUN.json... RECORDS..."),
                            cl::OneOrMore, cl::sub(CompareCmd));
cl::list<std::string> Sets("set",
                           cl::desc("name=value: a variable of symbolic costs "
                                    "(repeatable, or comma-separated)"),
                           cl::sub(CompareCmd));
cl::opt<CompareSortKey>
    Sort("sort", cl::desc("Order of the sites (default: time)"),
         cl::values(clEnumValN(CompareSortKey::Time, "time",
                               "the most measured time first"),
                    clEnumValN(CompareSortKey::Error, "error",
                               "the largest absolute error first"),
                    clEnumValN(CompareSortKey::Location, "location",
                               "by file, line and column")),
         cl::init(CompareSortKey::Time), cl::sub(CompareCmd));
cl::opt<bool> Json("json", cl::desc("Machine-readable output"),
                   cl::sub(CompareCmd));

int runCompare() {
  std::vector<std::string> RunPaths, RecordPaths;
  for (const std::string &P : Paths)
    (StringRef(P).ends_with(".json") ? RunPaths : RecordPaths).push_back(P);
  // cl::OneOrMore: at least one of the two is there.
  if (RunPaths.empty())
    cli::fail("compare needs run files (commcost-run.<pid>.json), not only "
              "records");
  if (RecordPaths.empty())
    cli::fail("compare needs records (*.opt.yaml files or folders of them), "
              "not only run files");
  CompareOptions Options;
  Options.Sort = Sort;
  try {
    Options.Bindings = parseBindings(join(Sets, ","));
  } catch (const BindingError &E) {
    cli::fail(Twine("--set ") + E.what());
  }
  try {
    std::vector<MeasuredRun> Runs;
    for (const std::string &P : RunPaths)
      Runs.push_back(readRun(P));
    RunComparison C =
        compareRuns(std::move(Runs), readRecords(RecordPaths), Options);
    if (Json)
      outs() << C.toJson().dump(2) << "\n";
    else
      C.print(outs());
    return 0;
  } catch (const RecordError &E) {
    cli::fail(E.what());
  }
}

cli::RegisterSubcommand Registered(CompareCmd, runCompare);

} // namespace
