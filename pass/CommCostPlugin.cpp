// The two entry points of CommCost.so. For clang (-fplugin=CommCost.so) a
// frontend action reads the plugin arguments, loads the profile, records the
// source names the analysis prints, and pushes the LLVM passes into clang's
// pipeline, so that no -fpass-plugin or -Xclang flag is needed. For opt
// (-load-pass-plugin) llvmGetPassPluginInfo registers the same passes.
#include "Pipeline.h"

#include "commcost/Expr.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/AST/Mangle.h"
#include "clang/AST/RecordLayout.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/Builtins.h"
#include "clang/Basic/TargetInfo.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendPluginRegistry.h"
#include "clang/Lex/Preprocessor.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Passes/PassPlugin.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Regex.h"

#include <dlfcn.h>

using namespace clang;

namespace commcost {
namespace {

/// Set while a clang frontend has registered the passes, so that the same
/// library also given with -fpass-plugin does not register them twice.
bool FrontendRegistered = false;

class FactsCollector : public RecursiveASTVisitor<FactsCollector> {
public:
  FactsCollector(ASTContext &AST, SourceFacts &Facts)
      : AST(AST), SM(AST.getSourceManager()), Names(AST), Facts(Facts) {}

  bool shouldVisitTemplateInstantiations() const { return true; }

  /// Code of a library rather than the user's: system headers, and Open
  /// MPI's C++ bindings (namespace MPI), which mpicxx includes with -I.
  bool isLibraryCode(const FunctionDecl *FD) {
    if (SM.isInSystemHeader(FD->getLocation()))
      return true;
    for (const DeclContext *C = FD->getDeclContext(); C; C = C->getParent())
      if (const auto *NS = dyn_cast<NamespaceDecl>(C);
          NS && NS->getName() == "MPI" && C->getParent()->isTranslationUnit())
        return true;
    return false;
  }

  /// Library code is not walked, only its functions named: nothing in it
  /// is the user's, and in a C++ unit the headers are most of the AST
  /// (LULESH: walking them was 1.7% of the compile).
  bool TraverseDecl(Decl *D) {
    if (!D)
      return true;
    if (auto *FD = dyn_cast<FunctionDecl>(D); FD && isLibraryCode(FD))
      return VisitFunctionDecl(FD);
    if (!isa<TranslationUnitDecl>(D) && SM.isInSystemHeader(D->getLocation())) {
      nameLibraryFunctions(D);
      return true;
    }
    return RecursiveASTVisitor::TraverseDecl(D);
  }

  /// The functions defined in D, a declaration of a system header, with
  /// the instantiations of its templates.
  void nameLibraryFunctions(Decl *D) {
    if (auto *FD = dyn_cast<FunctionDecl>(D)) {
      VisitFunctionDecl(FD);
    } else if (auto *FT = dyn_cast<FunctionTemplateDecl>(D)) {
      for (FunctionDecl *S : FT->specializations())
        VisitFunctionDecl(S);
    } else if (auto *CT = dyn_cast<ClassTemplateDecl>(D)) {
      for (ClassTemplateSpecializationDecl *S : CT->specializations())
        nameLibraryFunctions(S);
    } else if (auto *DC = dyn_cast<DeclContext>(D)) {
      for (Decl *Member : DC->decls())
        nameLibraryFunctions(Member);
    }
  }

  bool VisitFunctionDecl(FunctionDecl *FD) {
    if (!FD->hasBody() || FD->isDependentContext())
      return true;
    bool Structor = isa<CXXConstructorDecl>(FD) || isa<CXXDestructorDecl>(FD);
    bool Library = isLibraryCode(FD);
    // Only a function the unit uses can be in its IR.
    if (Library && !FD->isUsed())
      return true;
    // Constructors and destructors have one symbol per variant.
    if (Structor) {
      if (Library)
        for (std::string &Name : Names.getAllManglings(FD))
          Facts.SystemFunctions.insert(std::move(Name));
      return true;
    }
    // Mangling is most of the cost of the facts: once per function.
    std::string Name = Names.getName(FD);
    if (Library)
      Facts.SystemFunctions.insert(Name);
    std::vector<SourceParam> Params;
    if (const auto *M = dyn_cast<CXXMethodDecl>(FD); M && M->isInstance())
      Params.push_back({"this", alignOfPointee(M->getThisType()), false, {}});
    for (const ParmVarDecl *P : FD->parameters()) {
      QualType T = P->getType().getCanonicalType();
      // Passed in as many IR arguments as the target's ABI decides.
      bool Several = T->isRecordType() || T->isAnyComplexType() ||
                     T->isMemberFunctionPointerType() || T->isVectorType();
      SourceParam Param{P->getName().str(), alignOfPointee(P->getType()),
                        Several, {}};
      if (const auto *Record = T->getAs<RecordType>())
        addFields(*Record->getDecl(), Param.Name, 0, Param.Fields);
      Params.push_back(std::move(Param));
    }
    Facts.Params[std::move(Name)] = std::move(Params);
    return true;
  }

  /// A variable read names the value read there, before the variable an
  /// initialiser at the same position initialises (int i = lo0: the load
  /// is lo0, which i only starts from).
  /// The integer fields of struct RD at byte Base, named Prefix.field,
  /// nested structs' included (a union's fields overlap: none).
  void addFields(const RecordDecl &RD, const std::string &Prefix,
                 uint64_t Base, std::vector<SourceField> &Out) {
    const RecordDecl *Def = RD.getDefinition();
    if (!Def || Def->isInvalidDecl() || Def->isUnion())
      return;
    const ASTRecordLayout &Layout = AST.getASTRecordLayout(Def);
    for (const FieldDecl *F : Def->fields()) {
      if (F->isBitField() || F->getName().empty())
        continue;
      uint64_t Offset =
          Base + AST.toCharUnitsFromBits(
                        Layout.getFieldOffset(F->getFieldIndex()))
                     .getQuantity();
      QualType T = F->getType().getCanonicalType();
      std::string Name = Prefix + "." + F->getName().str();
      if (const auto *Inner = T->getAs<RecordType>())
        addFields(*Inner->getDecl(), Name, Offset, Out);
      else if (T->isIntegerType())
        Out.push_back({Name, Offset,
                       uint64_t(AST.getTypeSizeInChars(T).getQuantity())});
    }
  }

  /// The alignment a pointer of type T guarantees for what it points to.
  uint64_t alignOfPointee(QualType T) {
    T = T.getCanonicalType();
    QualType Pointee = T->isPointerType() ? T->getPointeeType()
                       : T->isArrayType()
                           ? QualType(T->getArrayElementTypeNoTypeQual(), 0)
                           : QualType();
    if (Pointee.isNull() || Pointee->isIncompleteType() ||
        Pointee->isFunctionType())
      return 0;
    return AST.getTypeAlignInChars(Pointee).getQuantity();
  }

  bool VisitDeclRefExpr(DeclRefExpr *E) {
    if (const auto *V = dyn_cast<VarDecl>(E->getDecl()))
      record(E->getExprLoc(), V, /*Overrides=*/true);
    return true;
  }

  bool VisitVarDecl(VarDecl *V) {
    if (const clang::Expr *Init = V->getInit()) {
      record(Init->IgnoreImpCasts()->getExprLoc(), V, /*Overrides=*/false);
      recordIn(Facts.AssignedAt, Init->IgnoreImpCasts()->getExprLoc(), V,
               /*Overrides=*/false);
    }
    return true;
  }

  /// A read of an integer field or element of a variable in the user's
  /// code, named as the source writes it (sizes: p->nx, width[0]); clang
  /// puts the load at the member's name or at the start of the subscripted
  /// base. Pointers are not named so: which load of a chain (a[i][j]) is
  /// which is not known at a position.
  bool VisitImplicitCastExpr(ImplicitCastExpr *E) {
    if (E->getCastKind() != CK_LValueToRValue ||
        SM.isInSystemHeader(E->getExprLoc()))
      return true;
    const clang::Expr *Sub = E->getSubExpr()->IgnoreParens();
    if (!isa<MemberExpr, ArraySubscriptExpr>(Sub) ||
        kindOf(Sub->getType()) != ValueKind::Integer)
      return true;
    std::optional<std::string> Path = accessPath(Sub);
    // Names reach expressions, whose grammar they must fit.
    if (!Path || !isSourceName(*Path))
      return true;
    VariableRef Ref{*Path, ValueKind::Integer};
    for (SourceLocation Loc : {Sub->getExprLoc(), Sub->getBeginLoc()})
      if (auto Pos = position(Loc)) {
        std::vector<VariableRef> &At = Facts.AccessAt[*Pos];
        if (llvm::none_of(At, [&](const VariableRef &R) {
              return R.Name == Ref.Name;
            }))
          At.push_back(Ref);
      }
    return true;
  }

  bool VisitBinaryOperator(BinaryOperator *E) {
    if (!E->isAssignmentOp())
      return true;
    const auto *Ref = dyn_cast<DeclRefExpr>(E->getLHS()->IgnoreParens());
    const auto *V = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
    if (!V)
      return true;
    // The store is at the operator; the value x = e stores is e's, at
    // e's position; x op= e stores the operator's result.
    recordIn(Facts.AssignedAt, E->getExprLoc(), V, /*Overrides=*/false);
    if (E->getOpcode() == BO_Assign)
      recordIn(Facts.AssignedAt,
               E->getRHS()->IgnoreParenImpCasts()->getExprLoc(), V,
               /*Overrides=*/false);
    return true;
  }

  /// x++ and --x store the operator's result, at the operator.
  bool VisitUnaryOperator(UnaryOperator *E) {
    if (!E->isIncrementDecrementOp())
      return true;
    const auto *Ref = dyn_cast<DeclRefExpr>(E->getSubExpr()->IgnoreParens());
    if (const auto *V = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr)
      recordIn(Facts.AssignedAt, E->getExprLoc(), V, /*Overrides=*/false);
    return true;
  }

  bool VisitCallExpr(CallExpr *E) {
    for (unsigned I = 0; I < E->getNumArgs(); ++I) {
      const clang::Expr *Arg = E->getArg(I)->IgnoreParenImpCasts();
      const auto *Addr = dyn_cast<UnaryOperator>(Arg);
      bool ByAddress = Addr && Addr->getOpcode() == UO_AddrOf;
      const auto *Ref = dyn_cast<DeclRefExpr>(
          ByAddress ? Addr->getSubExpr()->IgnoreParens() : Arg);
      const auto *V = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
      if (!V || !V->getIdentifier() ||
          (!ByAddress && !V->getType()->isIntegerType()))
        continue;
      auto &Into = ByAddress ? Facts.AddressArgs : Facts.ArgVariables;
      for (SourceLocation Loc : {E->getExprLoc(), E->getBeginLoc()})
        if (auto Pos = position(Loc))
          Into[{std::move(*Pos), I}] = V->getName().str();
    }
    switch (E->getBuiltinCallee()) {
    case Builtin::BImemcpy:
    case Builtin::BImemmove:
    case Builtin::BI__builtin_memcpy:
    case Builtin::BI__builtin_memmove:
      for (SourceLocation Loc : {E->getExprLoc(), E->getBeginLoc()})
        if (auto Pos = position(Loc)) {
          Facts.UserCopyLineColumns.insert(
              {Pos->Line, Pos->Column});
          Facts.UserCopyCalls.insert(std::move(*Pos));
        }
      break;
    default:
      break;
    }
    return true;
  }

private:
  ASTContext &AST;
  SourceManager &SM;
  ASTNameGenerator Names;
  SourceFacts &Facts;

  std::optional<SourcePos> position(SourceLocation Loc) {
    PresumedLoc P = SM.getPresumedLoc(SM.getExpansionLoc(Loc));
    if (P.isInvalid())
      return std::nullopt;
    return SourcePos{P.getLine(), P.getColumn(),
                     llvm::sys::path::filename(P.getFilename()).str()};
  }

  static ValueKind kindOf(QualType T) {
    T = T.getCanonicalType();
    return T->isAnyPointerType() || T->isReferenceType() ? ValueKind::Pointer
           : T->isIntegerType()                         ? ValueKind::Integer
           : T->isRealFloatingType()                    ? ValueKind::Floating
                                                        : ValueKind::Other;
  }

  /// E as the source writes it, if it is a variable or a path of fields
  /// and constant or variable subscripts into one (a member of *this reads
  /// as the member's name).
  static std::optional<std::string> accessPath(const clang::Expr *E) {
    E = E->IgnoreParenImpCasts();
    if (const auto *Ref = dyn_cast<DeclRefExpr>(E)) {
      const auto *V = dyn_cast<VarDecl>(Ref->getDecl());
      if (!V || !V->getIdentifier())
        return std::nullopt;
      return V->getName().str();
    }
    if (const auto *M = dyn_cast<MemberExpr>(E)) {
      const ValueDecl *Field = M->getMemberDecl();
      if (!Field->getIdentifier())
        return std::nullopt;
      if (isa<CXXThisExpr>(M->getBase()->IgnoreParenImpCasts()))
        return Field->getName().str();
      auto Base = accessPath(M->getBase());
      if (!Base)
        return std::nullopt;
      return *Base + (M->isArrow() ? "->" : ".") + Field->getName().str();
    }
    if (const auto *A = dyn_cast<ArraySubscriptExpr>(E)) {
      auto Base = accessPath(A->getBase());
      if (!Base)
        return std::nullopt;
      auto Index = indexText(A->getIdx());
      if (!Index)
        return std::nullopt;
      return *Base + "[" + *Index + "]";
    }
    return std::nullopt;
  }

  /// A subscript as the source writes it, when it is made of constants,
  /// variables and arithmetic on them (sorted_index[num_refine + 1]): no
  /// call, no side effect, nothing a reader could not evaluate.
  static std::optional<std::string> indexText(const clang::Expr *E) {
    E = E->IgnoreImpCasts();
    if (const auto *P = dyn_cast<ParenExpr>(E)) {
      auto Inner = indexText(P->getSubExpr());
      return Inner ? std::optional("(" + *Inner + ")") : std::nullopt;
    }
    if (const auto *Lit = dyn_cast<IntegerLiteral>(E))
      return std::to_string(Lit->getValue().getZExtValue());
    if (const auto *B = dyn_cast<BinaryOperator>(E)) {
      if (!B->isAdditiveOp() && !B->isMultiplicativeOp())
        return std::nullopt;
      auto L = indexText(B->getLHS()), R = indexText(B->getRHS());
      if (!L || !R)
        return std::nullopt;
      return *L + " " + B->getOpcodeStr().str() + " " + *R;
    }
    if (isa<DeclRefExpr, MemberExpr, ArraySubscriptExpr>(E))
      return accessPath(E);
    return std::nullopt;
  }

  void record(SourceLocation Loc, const VarDecl *V, bool Overrides) {
    recordIn(Facts.VariableAt, Loc, V, Overrides);
  }

  void recordIn(std::map<SourcePos, VariableRef> &At, SourceLocation Loc,
                const VarDecl *V, bool Overrides) {
    if (!V->getIdentifier())
      return;
    auto Pos = position(Loc);
    if (!Pos)
      return;
    VariableRef Ref{V->getName().str(), kindOf(V->getType())};
    if (Overrides)
      At.insert_or_assign(std::move(*Pos), std::move(Ref));
    else
      At.emplace(std::move(*Pos), std::move(Ref));
  }
};

/// Whether clang was asked for commcost's remarks or records: otherwise
/// only the choices of commcost/variants.h and the checks of
/// commcost/budget.h read the analysis.
bool remarksWanted(const CodeGenOptions &CG) {
  if (CG.OptimizationRemark.patternMatches("commcost") ||
      CG.OptimizationRemarkMissed.patternMatches("commcost") ||
      CG.OptimizationRemarkAnalysis.patternMatches("commcost"))
    return true;
  return !CG.OptRecordFile.empty() &&
         (CG.OptRecordPasses.empty() ||
          llvm::Regex(CG.OptRecordPasses).match("commcost"));
}

class FactsConsumer : public ASTConsumer {
public:
  FactsConsumer(std::shared_ptr<PluginState> State, CompilerInstance &CI)
      : State(std::move(State)), CI(CI) {}
  void HandleTranslationUnit(ASTContext &AST) override {
    // With -fplugin alone the plugin does nothing: the facts only name and
    // classify sites for an analysis that nobody asked for.
    Preprocessor &PP = CI.getPreprocessor();
    if (remarksWanted(CI.getCodeGenOpts()) || State->Measure ||
        PP.isMacroDefined("COMMCOST_VARIANTS_H") ||
        PP.isMacroDefined("COMMCOST_BUDGET_H")) {
      FactsCollector(AST, State->Facts).TraverseAST(AST);
      recordSystemFiles(AST.getSourceManager());
    }
  }

private:
  std::shared_ptr<PluginState> State;
  CompilerInstance &CI;

  /// The files included as system headers.
  void recordSystemFiles(const SourceManager &SM) {
    for (unsigned I = 0, N = SM.local_sloc_entry_size(); I < N; ++I) {
      const SrcMgr::SLocEntry &E = SM.getLocalSLocEntry(I);
      if (E.isFile() && SrcMgr::isSystem(E.getFile().getFileCharacteristic()))
        State->Facts.SystemFiles.insert(
            SourceFacts::normalPath("", E.getFile().getName()));
    }
  }
};

class CommCostAction : public PluginASTAction {
  std::optional<std::string> ProfilePath;
  bool Measure = false;

protected:
  bool ParseArgs(const CompilerInstance &CI,
                 const std::vector<std::string> &Args) override {
    for (const std::string &Arg : Args) {
      llvm::StringRef A(Arg);
      if (A.consume_front("profile=") && !A.empty()) {
        ProfilePath = A.str();
        continue;
      }
      if (A == "measure") {
        Measure = true;
        continue;
      }
      DiagnosticsEngine &D = CI.getDiagnostics();
      D.Report(D.getCustomDiagID(DiagnosticsEngine::Error,
                                 "commcost: unknown plugin argument '%0' "
                                 "(expected -fplugin-arg-commcost-profile="
                                 "FILE or -fplugin-arg-commcost-measure)"))
          << Arg;
      return false;
    }
    return true;
  }

  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI,
                                                 llvm::StringRef) override {
    auto State = std::make_shared<PluginState>();
    State->Facts.FromFrontend = true;
    State->Measure = Measure;
    // What malloc and the default operator new guarantee on the target.
    State->Facts.HeapAlign = CI.getTarget().getNewAlign() / 8;
    try {
      State->Prof = resolveProfile(ProfilePath);
    } catch (const std::exception &E) {
      DiagnosticsEngine &D = CI.getDiagnostics();
      D.Report(D.getCustomDiagID(DiagnosticsEngine::Error,
                                 "commcost: cannot use profile: %0"))
          << E.what();
      return std::make_unique<ASTConsumer>();
    }
    // commcost/variants.h marks its choices only for the plugin.
    Preprocessor &PP = CI.getPreprocessor();
    PP.setPredefines(PP.getPredefines() + "#define __COMMCOST_PLUGIN__ 1\n");
    FrontendRegistered = true;
    CI.getCodeGenOpts().PassBuilderCallbacks.push_back(
        [State](llvm::PassBuilder &PB) { registerCommCostPasses(PB, State); });
    return std::make_unique<FactsConsumer>(State, CI);
  }

  ActionType getActionType() override { return AddBeforeMainAction; }
};

} // namespace
} // namespace commcost

/// Registers the frontend action when the host is clang. In opt the clang
/// symbols this object refers to are missing (see pass/CMakeLists.txt:
/// they are weak and null), so nothing of clang may run.
__attribute__((constructor)) static void registerFrontendAction() {
  if (!dlsym(RTLD_DEFAULT,
             "_ZN4llvm8RegistryIN5clang15PluginASTActionEE8add_nodeEPNS3_4nodeE"))
    return;
  static FrontendPluginRegistry::Add<commcost::CommCostAction> X(
      "commcost", "communication cost analysis");
}

extern "C" LLVM_ATTRIBUTE_WEAK ::llvm::PassPluginLibraryInfo
llvmGetPassPluginInfo() {
  return {LLVM_PLUGIN_API_VERSION, "CommCost", "0.1",
          [](llvm::PassBuilder &PB) {
            if (commcost::FrontendRegistered)
              return;
            auto State = std::make_shared<commcost::PluginState>();
            try {
              State->Prof = commcost::resolveProfile(std::nullopt);
            } catch (const std::exception &E) {
              llvm::report_fatal_error(
                  llvm::Twine("commcost: cannot use profile: ") + E.what(),
                  /*gen_crash_diag=*/false);
            }
            commcost::registerCommCostPasses(PB, State);
          }};
}
