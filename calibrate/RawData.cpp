// The CSV format of the raw measurements.
#include "RawData.h"

#include "Stats.h"
#include "commcost/Profile.h"

#include <charconv>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

namespace commcost::calib {

double Point::medianUs() const { return median(SamplesUs); }
double Point::spread() const { return relativeSpread(SamplesUs); }

namespace {

const char *const Fixed[] = {"point", "suite", "kind", "set", "procs"};

std::string formatDouble(double V) {
  char Buf[32];
  auto R = std::to_chars(Buf, Buf + sizeof Buf, V); // shortest round trip
  return std::string(Buf, R.ptr);
}

bool isPlainText(const std::string &S) {
  return S.find_first_of(",\n\r\"") == std::string::npos;
}

std::vector<std::string> splitCsvLine(const std::string &Line) {
  std::vector<std::string> Cells;
  std::string Cell;
  std::istringstream In(Line);
  while (std::getline(In, Cell, ','))
    Cells.push_back(Cell);
  if (!Line.empty() && Line.back() == ',')
    Cells.emplace_back();
  return Cells;
}

} // namespace

std::string toCsv(const std::vector<Point> &Points) {
  std::set<std::string> FeatureNames;
  for (const auto &P : Points)
    for (const auto &[K, V] : P.Features)
      FeatureNames.insert(K);
  std::ostringstream OS;
  for (const char *F : Fixed)
    OS << F << ',';
  for (const auto &F : FeatureNames)
    OS << F << ',';
  OS << "rep,time_us\n";
  for (size_t I = 0; I < Points.size(); ++I) {
    const Point &P = Points[I];
    for (const std::string *S : {&P.Suite, &P.Kind, &P.Set})
      if (!isPlainText(*S))
        throw RawDataError("point " + std::to_string(I) + ": text '" + *S +
                           "' has a comma, quote or newline");
    std::ostringstream Prefix;
    Prefix << I << ',' << P.Suite << ',' << P.Kind << ',' << P.Set << ',' << P.P
           << ',';
    for (const auto &F : FeatureNames) {
      auto It = P.Features.find(F);
      if (It != P.Features.end())
        Prefix << formatDouble(It->second);
      Prefix << ',';
    }
    for (size_t R = 0; R < P.SamplesUs.size(); ++R)
      OS << Prefix.str() << R << ',' << formatDouble(P.SamplesUs[R]) << '\n';
  }
  return OS.str();
}

std::vector<Point> fromCsv(const std::string &Text, const std::string &File) {
  std::istringstream In(Text);
  std::string Line;
  unsigned LineNo = 1;
  auto Fail = [&](const std::string &Problem) {
    return RawDataError(File + ":" + std::to_string(LineNo) + ": " + Problem);
  };
  if (!std::getline(In, Line))
    throw Fail("empty file, expected the header line");
  std::vector<std::string> Header = splitCsvLine(Line);
  size_t NFixed = std::size(Fixed);
  if (Header.size() < NFixed + 2)
    throw Fail("header has " + std::to_string(Header.size()) +
               " columns, expected at least " + std::to_string(NFixed + 2));
  for (size_t I = 0; I < NFixed; ++I)
    if (Header[I] != Fixed[I])
      throw Fail("header column " + std::to_string(I + 1) + " is '" +
                 Header[I] + "', expected '" + Fixed[I] + "'");
  if (Header[Header.size() - 2] != "rep" || Header.back() != "time_us")
    throw Fail("header must end with 'rep,time_us'");

  auto Number = [&](const std::string &Cell, const std::string &Column) {
    double V;
    auto R = std::from_chars(Cell.data(), Cell.data() + Cell.size(), V);
    if (R.ec != std::errc() || R.ptr != Cell.data() + Cell.size())
      throw Fail("column '" + Column + "': '" + Cell + "' is not a number");
    return V;
  };

  std::vector<Point> Points;
  std::map<std::string, size_t> IndexOfId;
  while (std::getline(In, Line)) {
    ++LineNo;
    if (Line.empty())
      continue;
    std::vector<std::string> Cells = splitCsvLine(Line);
    if (Cells.size() != Header.size())
      throw Fail(std::to_string(Cells.size()) + " cells, the header has " +
                 std::to_string(Header.size()));
    auto [It, New] = IndexOfId.try_emplace(Cells[0], Points.size());
    if (New) {
      Point P;
      P.Suite = Cells[1];
      P.Kind = Cells[2];
      P.Set = Cells[3];
      double Procs = Number(Cells[4], "procs");
      if (Procs < 1 || Procs != double(unsigned(Procs)))
        throw Fail("column 'procs': '" + Cells[4] +
                   "' is not a positive whole number");
      P.P = unsigned(Procs);
      for (size_t C = NFixed; C + 2 < Header.size(); ++C)
        if (!Cells[C].empty())
          P.Features[Header[C]] = Number(Cells[C], Header[C]);
      Points.push_back(std::move(P));
    }
    double T = Number(Cells.back(), "time_us");
    if (!(T >= 0))
      throw Fail("column 'time_us': negative time " + Cells.back());
    Points[It->second].SamplesUs.push_back(T);
  }
  return Points;
}

void saveCsv(const std::vector<Point> &Points, const std::string &Path) {
  writeFileAtomically(Path, toCsv(Points));
}

std::vector<Point> loadCsv(const std::string &Path) {
  std::ifstream In(Path, std::ios::binary);
  if (!In)
    throw RawDataError(Path + ": cannot open the raw-data file");
  std::ostringstream SS;
  SS << In.rdbuf();
  return fromCsv(SS.str(), Path);
}

} // namespace commcost::calib
