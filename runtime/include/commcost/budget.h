/* Communication cost budgets in source, for C and C++.
 *
 *   #include <commcost/budget.h>
 *
 *   COMMCOST_BUDGET_US(5.0)
 *   void exchange_rows(int up, int down) { ... }
 *
 *   COMMCOST_BUDGET_US_AT(40.0, "nx=1024,ny=1024")
 *   void exchange_columns_n(double *g, int nx, int ny, int l, int r) { ... }
 *
 * When the commcost plugin analyses a function that carries a budget, and
 * the function's predicted communication cost (the sum over its analysed
 * sites) exceeds the budget in microseconds, it emits a compiler warning
 * that names the budget, the prediction and the site that costs most;
 * -Werror makes it an error. A symbolic cost (sizes known only at run
 * time) is compared at the binding of COMMCOST_BUDGET_US_AT: integer values
 * of the source variable names the cost mentions.
 *
 * Rules:
 * - The budget is a number literal (5, 5.0, 2.5e1) or a macro expanding to
 *   one; it is recorded as text, not evaluated by the compiler. The
 *   binding is a string literal "name=value,name=value".
 * - Place the macro before the function (or after its declarator, as
 *   GNU attributes go) on the definition, or on a declaration visible
 *   where the function is defined; a budget on a declaration of a function
 *   defined in another file is not seen there.
 * - Member functions and templates are fine (C++).
 * - clang keeps an annotated static function in the object even when every
 *   call to it is inlined.
 * - Compilers without the annotate attribute (GCC) ignore the macros.
 *
 * How it works: each macro is clang's annotate attribute with the text
 * "commcost.budget_us=<us>" or "commcost.budget_us=<us>;at=<binding>",
 * which clang records in the module's llvm.global.annotations next to the
 * function (at every optimisation level); the plugin reads it from there,
 * and runtime/include/commcost/BudgetAnnotation.h parses it.
 */
#ifndef COMMCOST_BUDGET_H
#define COMMCOST_BUDGET_H

/* Quoted by a macro of its own, so that a budget given as a macro is
 * expanded before it is quoted. */
#define COMMCOST_BUDGET_STR(x) #x

#if defined(__has_attribute)
#if __has_attribute(annotate)
#define COMMCOST_BUDGET_ANNOTATE_(text) __attribute__((annotate(text)))
#endif
#endif
#ifndef COMMCOST_BUDGET_ANNOTATE_
#define COMMCOST_BUDGET_ANNOTATE_(text)
#endif

/* The function's predicted communication cost must not exceed us
 * microseconds. */
#define COMMCOST_BUDGET_US(us)                                                 \
  COMMCOST_BUDGET_ANNOTATE_("commcost.budget_us=" COMMCOST_BUDGET_STR(us))

/* The same, for a symbolic cost evaluated at the binding at, a string
 * literal such as "nx=1024,ny=1024". */
#define COMMCOST_BUDGET_US_AT(us, at)                                          \
  COMMCOST_BUDGET_ANNOTATE_("commcost.budget_us=" COMMCOST_BUDGET_STR(         \
      us) ";at=" at)

#endif /* COMMCOST_BUDGET_H */
