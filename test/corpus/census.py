"""The census: the communication sites of a translation unit as a user
counts them, read from clang's AST through libclang (python3-clang-19),
independently of the plugin. The rules are in test/corpus/README.md.

A site is a dict:
  kind      call | collective | atomic | pack | copy-loop
  callee    the called function (calls), "" for copy loops
  role      send | recv for the two halves of MPI_Sendrecv, else ""
  file      path relative to the corpus folder
  line, col where clang puts the call's debug location (the expansion
            location of a macro), or the copy statement
  loops     copy loops: [[first line, last header line], ...] of the loops
            around the statement, outermost first; the plugin reports a
            copy loop at the first of them
  dst, src  copy loops: the arrays written and read, as written in the source
"""
import ctypes
import os
import re

import clang.cindex as ci

K = ci.CursorKind
# The census parses without -fopenmp and defines _OPENMP itself: as
# OpenMP 4.5, since omp.h's 5.0 part needs -fopenmp (the corpus only tests
# whether _OPENMP is set).
OPENMP_VERSION = 201511

# --- Which functions communicate, and how -------------------------------

_MPI_P2P = {
    "Send", "Isend", "Ssend", "Bsend", "Rsend", "Issend", "Ibsend", "Irsend",
    "Recv", "Irecv", "Mrecv", "Imrecv", "Send_init", "Ssend_init",
    "Bsend_init", "Rsend_init", "Recv_init", "Put", "Get", "Accumulate",
    "Rput", "Rget", "Raccumulate"}
# Calls that move two messages: a send and a receive, two sites.
_MPI_TWO_WAY = {"Sendrecv", "Sendrecv_replace", "Isendrecv",
                "Isendrecv_replace"}
_MPI_COLLECTIVE_BASE = {
    "Barrier", "Bcast", "Gather", "Gatherv", "Scatter", "Scatterv",
    "Allgather", "Allgatherv", "Alltoall", "Alltoallv", "Alltoallw",
    "Reduce", "Allreduce", "Reduce_scatter", "Reduce_scatter_block", "Scan",
    "Exscan", "Neighbor_allgather", "Neighbor_allgatherv",
    "Neighbor_alltoall", "Neighbor_alltoallv", "Neighbor_alltoallw"}
_MPI_COLLECTIVE = (_MPI_COLLECTIVE_BASE
                   | {"I" + n[0].lower() + n[1:] for n in _MPI_COLLECTIVE_BASE}
                   | {n + "_init" for n in _MPI_COLLECTIVE_BASE})
_MPI_ATOMIC = {"Get_accumulate", "Rget_accumulate", "Fetch_and_op",
               "Compare_and_swap"}
_MPI_PACK = {"Pack", "Unpack", "Pack_external", "Unpack_external"}
_COPY = {"memcpy", "memmove", "__builtin_memcpy", "__builtin_memmove",
         "__memcpy_chk", "__memmove_chk", "__builtin___memcpy_chk",
         "__builtin___memmove_chk"}
_BSP = {"bsp_put", "bsp_hpput", "bsp_get", "bsp_hpget", "bsp_send"}

_SHMEM_BITS = r"(?:8|16|32|64|128|mem)"
_SHMEM_RMA = re.compile(
    r"shmem_(?:ctx_)?(?:\w+_)?(?:put|get|iput|iget|p|g)" + "(?:" + _SHMEM_BITS
    + r")?(?:_signal)?(?:_nbi)?")
_SHMEM_ATOMIC = re.compile(
    r"shmem_(?:ctx_)?\w+_(?:atomic_\w+|fadd|finc|add|inc|fetch|set|swap|"
    r"cswap|mswap)(?:_nbi)?")
_SHMEM_COLLECTIVE = re.compile(
    r"shmem_(?:team_)?(?:\w+_)?(?:barrier_all|barrier|sync_all|sync|"
    r"broadcast|collect|fcollect|alltoall|alltoalls|\w+_to_all|\w+_reduce)"
    + "(?:" + _SHMEM_BITS + ")?")


def mpi_name(name):
    """MPI_X for MPI_X and its profiling name PMPI_X, else None."""
    if name.startswith("PMPI_"):
        name = name[1:]
    return name[4:] if name.startswith("MPI_") else None


def classify(name):
    """The census kind of a call to `name`, or None if it moves no data."""
    op = mpi_name(name)
    if op is not None:
        if op in _MPI_P2P or op in _MPI_TWO_WAY:
            return "call"
        if op in _MPI_COLLECTIVE:
            return "collective"
        if op in _MPI_ATOMIC:
            return "atomic"
        if op in _MPI_PACK:
            return "pack"
        return None
    if name in _COPY or name in _BSP:
        return "call"
    if name.startswith("shmem_"):
        # Collectives first: shmem_int_sum_to_all is not a put.
        if _SHMEM_COLLECTIVE.fullmatch(name):
            return "collective"
        if _SHMEM_ATOMIC.fullmatch(name):
            return "atomic"
        if _SHMEM_RMA.fullmatch(name):
            return "call"
    return None


def canonical_callee(name):
    """One spelling per function: MPI_X for PMPI_X, memcpy for its
    builtin and checked forms."""
    op = mpi_name(name)
    if op is not None:
        return "MPI_" + op
    for base in ("memcpy", "memmove"):
        if name in (base, "__builtin_" + base, "__" + base + "_chk",
                    "__builtin___" + base + "_chk"):
            return base
    return name


def roles(name):
    """The transfers of one call: two for the send-receive calls."""
    op = mpi_name(name)
    return ["send", "recv"] if op in _MPI_TWO_WAY else [""]


# --- Walking the AST ----------------------------------------------------

_FUNCTIONS = {K.FUNCTION_DECL, K.CXX_METHOD, K.CONSTRUCTOR, K.DESTRUCTOR,
              K.CONVERSION_FUNCTION, K.FUNCTION_TEMPLATE, K.LAMBDA_EXPR}
_NAMED_FUNCTIONS = _FUNCTIONS - {K.LAMBDA_EXPR}
_TEMPLATES = {K.FUNCTION_TEMPLATE, K.CLASS_TEMPLATE,
              K.CLASS_TEMPLATE_PARTIAL_SPECIALIZATION}
_LOOPS = {K.FOR_STMT, K.WHILE_STMT, K.DO_STMT, K.CXX_FOR_RANGE_STMT}
_ARRAY_TYPES = {ci.TypeKind.CONSTANTARRAY, ci.TypeKind.INCOMPLETEARRAY,
                ci.TypeKind.VARIABLEARRAY, ci.TypeKind.DEPENDENTSIZEDARRAY}
_CASTS = {K.UNEXPOSED_EXPR, K.PAREN_EXPR, K.CSTYLE_CAST_EXPR,
          K.CXX_STATIC_CAST_EXPR, K.CXX_FUNCTIONAL_CAST_EXPR,
          K.CXX_REINTERPRET_CAST_EXPR, K.CXX_CONST_CAST_EXPR}
_ASSIGNMENTS = {ci.BinaryOperator.Assign, ci.BinaryOperator.MulAssign,
                ci.BinaryOperator.DivAssign, ci.BinaryOperator.RemAssign,
                ci.BinaryOperator.AddAssign, ci.BinaryOperator.SubAssign,
                ci.BinaryOperator.ShlAssign, ci.BinaryOperator.ShrAssign,
                ci.BinaryOperator.AndAssign, ci.BinaryOperator.XorAssign,
                ci.BinaryOperator.OrAssign}


def _outlines(pragma):
    """Whether an OpenMP directive's body is outlined into a function of
    its own (parallel, task, target, teams): the loops outside it are not
    part of the loop nest the compiled body sees."""
    return any(re.search(r"\b%s" % w, pragma)
               for w in ("parallel", "task", "target", "teams"))


_PRAGMA = re.compile(r"\s*#\s*pragma\s+omp\b")


def _pragmas(path, skipped):
    """{line: (first pragma line, text)}: the statement each '#pragma omp'
    of a file applies to, on the next line that is neither blank nor a
    preprocessor directive; `skipped` are the (first, last) lines that
    the preprocessor skips (a false #if), whose pragmas do not count."""
    try:
        with open(path, errors="replace") as f:
            lines = f.read().split("\n")
    except OSError:
        return {}
    follows = {}
    n = 0
    while n < len(lines):
        line = n + 1
        if not _PRAGMA.match(lines[n]) or any(
                first <= line <= last for first, last in skipped):
            n += 1
            continue
        text = lines[n]
        while text.endswith("\\") and n + 1 < len(lines):
            n += 1
            text = text[:-1] + " " + lines[n]
        n += 1
        while n < len(lines) and (not lines[n].strip()
                                  or lines[n].lstrip().startswith("#")):
            n += 1
        first, before = follows.get(n + 1, (line, ""))
        follows[n + 1] = (first, (before + " " + text).strip())
    return follows


class _RangeList(ctypes.Structure):
    _fields_ = [("count", ctypes.c_uint),
                ("ranges", ctypes.POINTER(ci.SourceRange))]


def _skipped_lines(tu, name):
    """The (first, last) lines of a file that the preprocessor skipped:
    libclang's clang_getSkippedRanges, which its Python bindings lack."""
    lib = ci.conf.lib
    if not hasattr(_skipped_lines, "ready"):
        lib.clang_getSkippedRanges.argtypes = [ci.TranslationUnit,
                                               ci.c_object_p]
        lib.clang_getSkippedRanges.restype = ctypes.POINTER(_RangeList)
        lib.clang_disposeSourceRangeList.argtypes = [
            ctypes.POINTER(_RangeList)]
        _skipped_lines.ready = True
    ranges = lib.clang_getSkippedRanges(tu, tu.get_file(name))
    try:
        return [(ranges.contents.ranges[i].start.line,
                 ranges.contents.ranges[i].end.line)
                for i in range(ranges.contents.count)]
    finally:
        lib.clang_disposeSourceRangeList(ranges)


def _inlined(cursor):
    """Whether a function is inline (declared so, or defined in its
    class): libclang's clang_Cursor_isFunctionInlined."""
    lib = ci.conf.lib
    if not hasattr(_inlined, "ready"):
        lib.clang_Cursor_isFunctionInlined.argtypes = [ci.Cursor]
        lib.clang_Cursor_isFunctionInlined.restype = ctypes.c_uint
        _inlined.ready = True
    return bool(lib.clang_Cursor_isFunctionInlined(cursor))


class _Function:
    """A function definition of the unit: its name, whether clang emits it
    whatever the rest of the unit does, and the names it refers to."""

    def __init__(self, name, always):
        self.name = name
        self.always = always
        self.refers = set()


def _always_emitted(cursor, in_template):
    """Functions clang emits even if nothing in the unit uses them: not
    templates, and with external linkage and not inline, or (to be safe)
    constructors, destructors and virtual methods."""
    if in_template:
        return False
    if cursor.kind in (K.CONSTRUCTOR, K.DESTRUCTOR) or (
            cursor.kind == K.CXX_METHOD and cursor.is_virtual_method()):
        return True
    return cursor.linkage == ci.LinkageKind.EXTERNAL and not _inlined(cursor)


def _children(cursor):
    return list(cursor.get_children())


def _strip(cursor):
    """The expression under parentheses, implicit and explicit casts."""
    while cursor.kind in _CASTS:
        kids = _children(cursor)
        # An implicit cast has one operand; other unexposed expressions
        # (e.g. an implicit member access) are left as they are.
        operands = [c for c in kids if c.kind.is_expression()]
        if len(operands) != 1:
            break
        cursor = operands[-1]
    return cursor


def _unary_operator(cursor):
    """The operator of a UNARY_OPERATOR cursor ('*', '&', '++'...), from
    its tokens (libclang 19's Python bindings do not expose it)."""
    toks = [t.spelling for t in cursor.get_tokens()]
    if not toks:
        return None
    if toks[0] in ("*", "&", "++", "--", "-", "+", "!", "~"):
        return toks[0]
    if toks[-1] in ("++", "--"):
        return toks[-1]
    return None


def _returns_lvalue(call):
    """Whether a call yields an lvalue (a function returning T&): an
    accessor like domain.e(i), or a call through a pointer to one."""
    ref = call.referenced
    if ref is not None and ref.kind in _FUNCTIONS:
        return ref.result_type.get_canonical().kind == \
            ci.TypeKind.LVALUEREFERENCE
    kids = _children(call)
    if not kids:
        return False
    callee = _strip(kids[0])
    if callee.kind == K.BINARY_OPERATOR and callee.binary_operator in (
            ci.BinaryOperator.PtrMemD, ci.BinaryOperator.PtrMemI):
        ptr = _children(callee)[-1].type.get_canonical()
        if ptr.kind == ci.TypeKind.MEMBERPOINTER:
            result = ptr.get_pointee().get_result().get_canonical()
            return result.kind == ci.TypeKind.LVALUEREFERENCE
    t = callee.type.get_canonical()
    if t.kind == ci.TypeKind.POINTER:
        t = t.get_pointee().get_canonical()
    if t.kind in (ci.TypeKind.FUNCTIONPROTO, ci.TypeKind.FUNCTIONNOPROTO):
        return t.get_result().get_canonical().kind == \
            ci.TypeKind.LVALUEREFERENCE
    return False


def _is_access(cursor, elements):
    """Whether an (unparenthesised) expression names memory reached through
    a subscript or a pointer: a[i], *p, p->x, a[i].x, v[i] of a class,
    an accessor returning a reference, or the variable of a range-based
    for (`elements`: its declaration -> the range), which is an element."""
    k = cursor.kind
    if k == K.DECL_REF_EXPR:
        ref = cursor.referenced
        return ref is not None and ref.hash in elements
    if k == K.ARRAY_SUBSCRIPT_EXPR:
        return True
    if k == K.UNARY_OPERATOR:
        return _unary_operator(cursor) == "*"
    if k == K.MEMBER_REF_EXPR:
        kids = [c for c in _children(cursor) if c.kind.is_expression()]
        if not kids:
            return False  # a member of *this
        base = _strip(kids[0])
        if base.type.get_canonical().kind == ci.TypeKind.POINTER:
            return True  # p->x
        return _is_access(base, elements)
    if k == K.CALL_EXPR:
        if cursor.spelling in ("operator[]", "operator()", "operator*"):
            return True
        return _returns_lvalue(cursor)
    return False


def _unresolved_name(call):
    """The function name of a call that is not resolved yet (dependent
    arguments in a template): the overload set it names."""
    kids = _children(call)
    callee = kids[0] if kids else None
    while callee is not None:
        if callee.kind == K.OVERLOADED_DECL_REF:
            return callee.spelling
        if callee.kind not in (K.DECL_REF_EXPR, K.UNEXPOSED_EXPR):
            return ""
        kids = _children(callee)
        callee = kids[0] if kids else None
    return ""


def _text(cursor):
    return "".join(t.spelling for t in cursor.get_tokens())


def _base(cursor, elements):
    """The array an access goes through, as written: 'a' for a[i][j],
    'p->r' for p->r[i], 'q' for *q++, 'domain.*src' for (domain.*src)(i),
    the range for the variable of a range-based for."""
    cursor = _strip(cursor)
    k = cursor.kind
    if k == K.DECL_REF_EXPR and cursor.referenced is not None \
            and cursor.referenced.hash in elements:
        return elements[cursor.referenced.hash]
    kids = [c for c in _children(cursor) if c.kind.is_expression()]
    if k == K.ARRAY_SUBSCRIPT_EXPR and kids:
        return _base(kids[0], elements)
    if k == K.UNARY_OPERATOR and kids:
        return _base(kids[0], elements)
    if k == K.BINARY_OPERATOR and cursor.binary_operator in (
            ci.BinaryOperator.Add, ci.BinaryOperator.Sub) and kids:
        # Pointer arithmetic: the operand that is a pointer.
        for c in kids:
            if _strip(c).type.get_canonical().kind in (
                    ci.TypeKind.POINTER, *_ARRAY_TYPES):
                return _base(c, elements)
        return _text(cursor)
    if k == K.MEMBER_REF_EXPR:
        owner = _base(kids[0], elements) if kids else "this"
        return owner + "." + cursor.spelling
    if k == K.CALL_EXPR:
        if cursor.spelling in ("operator[]", "operator()", "operator*"):
            return _base(kids[0], elements) if kids else cursor.spelling
        return _text(kids[0]) if kids else cursor.spelling
    if k == K.DECL_REF_EXPR:
        return cursor.spelling
    return _text(cursor)


def _variables(cursor):
    """The variables an expression reads, by declaration."""
    found = set()
    stack = [cursor]
    while stack:
        c = stack.pop()
        if c.kind == K.DECL_REF_EXPR:
            ref = c.referenced
            if ref is not None and ref.kind in (K.VAR_DECL, K.PARM_DECL):
                found.add(ref.hash)
        stack.extend(c.get_children())
    return found


def _varying(loop):
    """The variables whose value changes from one iteration of `loop` (or
    of a loop inside it) to the next: those it assigns, increments or
    decrements (the counters, running pack positions, moving pointers),
    the variable of a range-based for, and those declared in it whose
    initial value depends on one of these. A local array declared in the
    loop is not one: its elements' addresses do not move with a counter."""
    varying = set()
    decls = []
    stack = [loop]
    while stack:
        c = stack.pop()
        k = c.kind
        target = None
        if k == K.VAR_DECL:
            decls.append(c)
        elif k == K.CXX_FOR_RANGE_STMT:
            for v in c.get_children():
                if v.kind == K.VAR_DECL:
                    varying.add(v.hash)
                    break
        elif k == K.BINARY_OPERATOR and c.binary_operator in _ASSIGNMENTS:
            target = _strip(_children(c)[0])
        elif k == K.UNARY_OPERATOR and _unary_operator(c) in ("++", "--"):
            kids = _children(c)
            target = _strip(kids[0]) if kids else None
        if target is not None and target.kind == K.DECL_REF_EXPR \
                and target.referenced is not None:
            varying.add(target.referenced.hash)
        stack.extend(c.get_children())
    # Declarations whose initial value depends on varying variables, until
    # no more are found (each pass adds at least one, or ends).
    inits = [(d.hash, _variables(d)) for d in decls
             if d.type.get_canonical().kind not in _ARRAY_TYPES]
    grew = True
    while grew:
        grew = False
        for h, reads in inits:
            if h not in varying and reads & varying:
                varying.add(h)
                grew = True
    return varying


def _compiled(functions):
    """The functions clang emits: those always emitted, and, by name, every
    function one of them refers to, and so on. Names stand for all the
    functions that have them (overloads, methods of different classes,
    instantiations of a template), so a function is taken as emitted
    whenever it may be."""
    by_name = {}
    for f in functions:
        by_name.setdefault(f.name, []).append(f)
    names = set()
    work = [name for f in functions if f.always for name in f.refers]
    while work:
        name = work.pop()
        if name in names:
            continue
        names.add(name)
        for f in by_name.get(name, []):
            work.extend(f.refers)
    return {f for f in functions if f.always or f.name in names}


class Census:
    """Walks translation units and collects their sites (files under
    `root` only: system headers are not user code)."""

    def __init__(self, root):
        self.root = os.path.realpath(root)
        self.index = ci.Index.create()
        self._user = {}

    def relpath(self, name):
        """The path of a file relative to the corpus, or None outside it."""
        if name not in self._user:
            full = os.path.realpath(os.path.join(self.root, name))
            self._user[name] = (os.path.relpath(full, self.root)
                                if full.startswith(self.root + os.sep)
                                else None)
        return self._user[name]

    def unit(self, source, args):
        """The sites of one translation unit; `source` is relative to the
        corpus folder, as is every include path in args. Raises
        RuntimeError naming the unit if clang reports an error.

        libclang shows an OpenMP construct's body only as the variables it
        captures, so with -fopenmp the unit is parsed without it (but with
        _OPENMP defined, so that the same code is compiled) and the
        '#pragma omp' lines are read from the source."""
        self._openmp = any(a.startswith("-fopenmp") for a in args)
        if self._openmp:
            args = [a for a in args if not a.startswith("-fopenmp")]
            args += ["-D_OPENMP=%d" % OPENMP_VERSION]
        self._pending = {}
        self._elements = {}
        # Elements set to computed values by the statements of the blocks
        # around the one being walked, before it.
        self._computed = frozenset()
        cwd = os.getcwd()
        os.chdir(self.root)
        try:
            # The detailed record keeps the skipped ranges.
            tu = self.index.parse(
                source, args=args,
                options=(ci.TranslationUnit.PARSE_DETAILED_PROCESSING_RECORD
                         if self._openmp else 0))
        finally:
            os.chdir(cwd)
        errors = [str(d) for d in tu.diagnostics
                  if d.severity >= ci.Diagnostic.Error]
        if errors:
            raise RuntimeError(f"{source}: census parse failed: {errors[0]}")
        self._tu = tu
        sites = []
        self._functions = []
        # References outside any function (initialisers of tables of
        # function pointers) keep what they name.
        file_scope = _Function("", True)
        for top in tu.cursor.get_children():
            loc = top.location
            if loc.file is not None and self.relpath(loc.file.name):
                self._walk(top, sites, loops=[], varying=None,
                           function=file_scope, in_template=False)
        self._tu = None
        compiled = _compiled(self._functions + [file_scope])
        for s in sites:
            s["compiled"] = s.pop("function") in compiled
        return sites

    def _where(self, cursor):
        loc = cursor.location
        if loc.file is None:
            return None
        rel = self.relpath(loc.file.name)
        return (rel, loc.line, loc.column) if rel else None

    def _directive(self, cursor):
        """The '#pragma omp' that applies to a statement, as (line, text),
        once: the statements inside it that start on its line do not take
        it again."""
        start = cursor.extent.start
        if start.file is None:
            return None
        rel = self.relpath(start.file.name)
        if rel is None:
            return None
        if rel not in self._pending:
            self._pending[rel] = _pragmas(
                os.path.join(self.root, rel),
                _skipped_lines(self._tu, start.file.name))
        return self._pending[rel].pop(start.line, None)

    @staticmethod
    def _loop_lines(loop, directive):
        """Lines the plugin may give a loop: from its keyword (or the
        OpenMP directive it belongs to) to the end of its header."""
        first = directive[0] if directive else loop.extent.start.line
        header = _children(loop)[:-1] if loop.kind != K.DO_STMT else []
        return [first, max([first] + [c.extent.end.line for c in header])]

    def _walk(self, cursor, sites, loops, varying, function, in_template):
        k = cursor.kind
        directive = (self._directive(cursor)
                     if self._openmp and k.is_statement() else None)
        if k in _FUNCTIONS or (directive and _outlines(directive[1])):
            loops, varying = [], None
        in_template = in_template or k in _TEMPLATES
        if k in _NAMED_FUNCTIONS and cursor.is_definition():
            function = _Function(cursor.spelling,
                                 _always_emitted(cursor, in_template))
            self._functions.append(function)
        elif k in (K.CALL_EXPR, K.MEMBER_REF_EXPR, K.OVERLOADED_DECL_REF):
            function.refers.add(cursor.spelling)
        elif k == K.DECL_REF_EXPR and (cursor.referenced is None or
                                       cursor.referenced.kind in _FUNCTIONS):
            function.refers.add(cursor.spelling)
        if k == K.CXX_FOR_RANGE_STMT:
            kids = _children(cursor)
            var = next((c for c in kids if c.kind == K.VAR_DECL), None)
            if var is not None and len(kids) >= 3:
                self._elements[var.hash] = _text(kids[-2])
        if k in _LOOPS:
            if not loops:
                varying = _varying(cursor)
            loops = loops + [self._loop_lines(cursor, directive)]
        n = len(sites)
        if k == K.CALL_EXPR:
            self._call(cursor, sites)
        elif (k == K.BINARY_OPERATOR and loops
              and cursor.binary_operator == ci.BinaryOperator.Assign):
            self._copy(cursor, sites, loops, varying)
        for site in sites[n:]:
            site["function"] = function
        outer = self._computed
        for child in cursor.get_children():
            self._walk(child, sites, loops, varying, function, in_template)
            if k == K.COMPOUND_STMT:
                self._computed = self._computed | self._computes(child)
        self._computed = outer

    def _computes(self, statement):
        """The element a statement sets to a computed value (`a[j] =
        f(a[j])`, `a[j] += x`), as written, or nothing."""
        if statement.kind == K.COMPOUND_ASSIGNMENT_OPERATOR:
            return {_text(_strip(_children(statement)[0]))}
        if (statement.kind == K.BINARY_OPERATOR
                and statement.binary_operator == ci.BinaryOperator.Assign):
            lhs, rhs = _children(statement)[:2]
            if not _is_access(_strip(rhs), self._elements):
                return {_text(_strip(lhs))}
        return set()

    def _call(self, cursor, sites):
        ref = cursor.referenced
        if ref is not None and ref.kind == K.FUNCTION_DECL:
            name = ref.spelling
        elif ref is None:
            # In a template, a call with dependent arguments is resolved
            # only when instantiated: the name is all there is.
            name = _unresolved_name(cursor)
        else:
            return  # a method, a call through a pointer
        kind = classify(name)
        where = self._where(cursor)
        if kind is None or where is None:
            return
        for role in roles(name):
            sites.append(dict(kind=kind, callee=canonical_callee(name),
                              role=role, file=where[0], line=where[1],
                              col=where[2]))

    def _copy(self, cursor, sites, loops, varying):
        lhs, rhs = _children(cursor)[:2]
        dst, src = _strip(lhs), _strip(rhs)
        if not (_is_access(dst, self._elements)
                and _is_access(src, self._elements)):
            return
        # An array (a row of a 2-D array) is not a value that is loaded.
        if src.type.get_canonical().kind in _ARRAY_TYPES:
            return
        dst_base = _base(dst, self._elements)
        src_base = _base(src, self._elements)
        if dst_base == src_base:
            return
        if not (_variables(dst) & varying and _variables(src) & varying):
            return
        # An element an earlier statement of the block computed is a copy
        # through a scalar: the compiled code stores the value it holds.
        if _text(src) in self._computed:
            return
        where = self._where(cursor)
        if where is None:
            return
        sites.append(dict(kind="copy-loop", callee="", role="",
                          file=where[0], line=where[1], col=where[2],
                          loops=loops, dst=dst_base, src=src_base))
