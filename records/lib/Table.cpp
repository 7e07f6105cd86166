// Plain-text tables (Table.h).
#include "Table.h"

#include <algorithm>

namespace commcost {

TextTable::TextTable(std::vector<std::string> Cells) {
  for (std::string &C : Cells) {
    bool R = !C.empty() && C.front() == '>';
    Right.push_back(R);
    Header.push_back(R ? C.substr(1) : C);
  }
}

void TextTable::addRow(std::vector<std::string> Cells) {
  Cells.resize(Header.size());
  Rows.push_back({std::move(Cells), {}});
}

void TextTable::addNote(std::string Text) {
  Rows.back().Notes.push_back(std::move(Text));
}

void TextTable::print(llvm::raw_ostream &OS, unsigned Indent) const {
  std::vector<size_t> Width;
  for (const std::string &H : Header)
    Width.push_back(H.size());
  for (const Row &R : Rows)
    for (size_t I = 0; I < R.Cells.size(); ++I)
      Width[I] = std::max(Width[I], R.Cells[I].size());
  auto Line = [&](const std::vector<std::string> &Cells) {
    std::string Text(Indent, ' ');
    for (size_t I = 0; I < Cells.size(); ++I) {
      std::string Pad(Width[I] - Cells[I].size(), ' ');
      Text += Right[I] ? Pad + Cells[I] : Cells[I] + Pad;
      if (I + 1 < Cells.size())
        Text += "  ";
    }
    while (!Text.empty() && Text.back() == ' ')
      Text.pop_back();
    OS << Text << "\n";
  };
  Line(Header);
  for (const Row &R : Rows) {
    Line(R.Cells);
    for (const std::string &N : R.Notes)
      OS << std::string(Indent + 4, ' ') << N << "\n";
  }
}

} // namespace commcost
