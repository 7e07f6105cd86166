// `commcost summary RECORDS...`: the command-line wiring of
// RecordSummary.h.
#include "Subcommand.h"

#include "commcost/BudgetAnnotation.h"
#include "commcost/RecordSummary.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;
using namespace commcost;

namespace {

cl::SubCommand SummaryCmd("summary",
                          "The most expensive sites and functions of "
                          "optimisation records (files or folders), with "
                          "their dominant terms");
cl::list<std::string> Paths(cl::Positional, cl::desc("RECORDS..."),
                            cl::OneOrMore, cl::sub(SummaryCmd));
cl::opt<unsigned> Top("top",
                      cl::desc("How many sites and functions (default 10)"),
                      cl::value_desc("N"), cl::init(10), cl::sub(SummaryCmd));
cl::list<std::string> Sets("set",
                           cl::desc("name=value: a variable of symbolic costs "
                                    "(repeatable, or comma-separated)"),
                           cl::sub(SummaryCmd));
cl::opt<bool> Json("json", cl::desc("Machine-readable output"),
                   cl::sub(SummaryCmd));

int runSummary() {
  SummaryOptions Options;
  Options.Top = Top;
  try {
    Options.Bindings = parseBindings(join(Sets, ","));
  } catch (const BindingError &E) {
    cli::fail(Twine("--set ") + E.what());
  }
  try {
    RecordSummary S = summarizeRecords(readRecords(Paths), Options);
    if (Json)
      outs() << S.toJson().dump(2) << "\n";
    else
      S.print(outs());
    return 0;
  } catch (const RecordError &E) {
    cli::fail(E.what());
  }
}

cli::RegisterSubcommand Registered(SummaryCmd, runSummary);

} // namespace
