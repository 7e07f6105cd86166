"""Reading commcost's optimisation records and evaluating their values.

Shared by the tests that check records against execution
(test/e2e/check_slices.py, test/differential/difftest.py). The keys and the
expression grammar are the contract of docs/design.md ("Records",
"Symbolic values")."""
import functools
import math
import re

import yaml

# Keys whose values are integers or expressions of the grammar.
VALUE_KEYS = ("Messages", "MessagesMin", "MessagesMax", "BytesPerMessage",
              "Bytes", "LinesMin", "LinesMax", "ReadLinesMin", "ReadLinesMax",
              "WriteLinesMin", "WriteLinesMax", "Reads", "Writes", "ReadsMax",
              "WritesMax", "Traffic")

# A name is a variable or an access path into one (p->nx, width[0],
# index[n + 1]: a subscript is arithmetic on names, one level of subscripts
# within it here; the plugin checks the grammar, this only reads it).
_SUBSCRIPT = r"\[[\w\s+\-*/%().>]*(?:\[[\w\s+\-*/%().>]*\][\w\s+\-*/%().>]*)*\]"
_NAME = r"[A-Za-z_]\w*(?:(?:\.|->)[A-Za-z_]\w*|" + _SUBSCRIPT + r")*"
_TOKEN = re.compile(r"\d+|" + _NAME + r"|[-+*/%(),]")


class EvalError(ValueError):
    """An expression that does not parse or names an unbound variable."""


def _c_div(a, b):
    """C's integer division: truncates toward zero."""
    if b == 0:
        raise EvalError("division by zero")
    q = abs(a) // abs(b)
    return q if (a >= 0) == (b >= 0) else -q


def _c_rem(a, b):
    return a - _c_div(a, b) * b


def _floordiv(a, b):
    if b == 0:
        raise EvalError("division by zero")
    return a // b


def _ceildiv(a, b):
    return -_floordiv(-a, b)


_FUNCTIONS = {"min": min, "max": max, "gcd": math.gcd, "ceildiv": _ceildiv,
              "floordiv": _floordiv}
_SCOPE = {"_div": _c_div, "_rem": _c_rem, "_prod": lambda *f: math.prod(f),
          "_sum": lambda *t: sum(t),
          **{"_f_" + k: v for k, v in _FUNCTIONS.items()}}


def _product(factors):
    return factors[0] if len(factors) == 1 else \
        f"_prod({', '.join(factors)})"


def _to_python(text):
    """Python source computing the expression text of the grammar from a
    dict _e of variable values."""
    tokens = _TOKEN.findall(text)
    if re.sub(r"\s+", "", "".join(tokens)) != re.sub(r"\s+", "", text):
        raise EvalError(f"cannot tokenise {text!r}")
    pos = 0

    def peek():
        return tokens[pos] if pos < len(tokens) else None

    def take(expected=None):
        nonlocal pos
        if pos >= len(tokens):
            raise EvalError(f"unexpected end of {text!r}")
        tok = tokens[pos]
        if expected and tok != expected:
            raise EvalError(f"expected {expected!r} at {tok!r} in {text!r}")
        pos += 1
        return tok

    def primary():
        tok = take()
        if tok == "(":
            v = expr()
            take(")")
            return v
        if tok == "-":
            return f"-{primary()}"
        if tok.isdigit():
            return tok
        if peek() == "(":
            if tok not in _FUNCTIONS:
                raise EvalError(f"unknown function {tok!r} in {text!r}")
            take("(")
            args = [expr()]
            while peek() == ",":
                take(",")
                args.append(expr())
            take(")")
            return f"_f_{tok}({', '.join(args)})"
        if not re.fullmatch(_NAME, tok):
            raise EvalError(f"unexpected {tok!r} in {text!r}")
        return f"_e[{tok!r}]"

    # A chain of + and - (or of *) is written flat: Python's parser nests
    # parentheses at most 200 deep and its compiler recurses on each binary
    # operator, and the plugin's sums of floor sums run to thousands of terms.
    def term():
        factors = [primary()]
        while peek() in ("*", "/", "%"):
            op, rhs = take(), primary()
            if op == "*":
                factors.append(rhs)
            else:
                v = _product(factors)
                factors = [f"_div({v}, {rhs})" if op == "/"
                           else f"_rem({v}, {rhs})"]
        return _product(factors)

    def expr():
        terms = [term()]
        while peek() in ("+", "-"):
            op, rhs = take(), term()
            terms.append(rhs if op == "+" else f"-{rhs}")
        return terms[0] if len(terms) == 1 else f"_sum({', '.join(terms)})"

    source = expr()
    if pos != len(tokens):
        raise EvalError(f"trailing input in {text!r}")
    return source


@functools.lru_cache(maxsize=None)
def compile_expression(text):
    """The expression text of the grammar as a function of a dict of
    variable values; raises EvalError when it does not parse."""
    code = compile(_to_python(str(text)), "<commcost expression>", "eval")

    def value(env):
        try:
            return eval(code, _SCOPE, {"_e": env})
        except KeyError as e:
            raise EvalError(f"unbound name {e.args[0]!r} in {text!r}") \
                from None
    return value


def claims(args, keys):
    """{base key: (kind, exprs)} of a record's Args for each of keys that
    it gives: ("exact", (e,)), ("range", (lo, hi)) for K + "Min" and
    K + "Max", or ("bound", (e,)) for a maximum K + "AtMost"."""
    out = {}
    for k in keys:
        if k + "Min" in args and k + "Max" in args:
            out[k] = ("range", (args[k + "Min"], args[k + "Max"]))
        elif k + "AtMost" in args:
            out[k] = ("bound", (args[k + "AtMost"],))
        elif k in args:
            out[k] = ("exact", (args[k],))
    return out


def evaluate(text, env):
    """Evaluates an expression of the commcost grammar (docs/design.md):
    integer literals, variable names bound in env, + - * / % (C semantics),
    parentheses, unary minus, and min, max, gcd, ceildiv, floordiv."""
    return compile_expression(str(text))(env)


def _scalar_map(node):
    """A YAML mapping node's scalar entries as a dict of strings."""
    return {k.value: v.value for k, v in node.value
            if isinstance(v, yaml.ScalarNode)}


def load_remarks(path, pass_name="commcost"):
    """The records of one pass in an optimisation-record file, in order: a
    dict per record with Tag (Analysis, Missed, Passed), Name, Function,
    Line, Column and Args (the keyed arguments, values as strings; the
    remark's text pieces are left out). Reads the composed YAML nodes
    (libyaml's parser when present) without building Python objects for
    every remark's text, which is most of a record file."""
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    out = []
    with open(path) as f:
        for doc in yaml.compose_all(f, Loader=loader):
            if not isinstance(doc, yaml.MappingNode):
                continue
            fields = dict((k.value, v) for k, v in doc.value)
            if getattr(fields.get("Pass"), "value", None) != pass_name:
                continue
            args = {}
            for item in getattr(fields.get("Args"), "value", []):
                for k, v in _scalar_map(item).items():
                    if k not in ("String", "DebugLoc"):
                        args[k] = v
            loc = fields.get("DebugLoc")
            loc = _scalar_map(loc) if isinstance(loc, yaml.MappingNode) \
                else {}
            line, column = loc.get("Line"), loc.get("Column")
            out.append({"Tag": doc.tag.lstrip("!"),
                        "Name": getattr(fields.get("Name"), "value", None),
                        "Function": getattr(fields.get("Function"), "value",
                                            None),
                        "Line": int(line) if line else None,
                        "Column": int(column) if column else None,
                        "Args": args})
    return out


def load_records(path):
    """The site records of commcost by function: {function: [(tag, args)]}
    (a function's total, Name FunctionCost, is not a site)."""
    sites = {}
    for r in load_remarks(path):
        if r["Name"] != "FunctionCost":
            sites.setdefault(r["Function"], []).append((r["Tag"], r["Args"]))
    return sites
