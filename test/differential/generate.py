"""Seeded generator of random C programs for the differential test.

A program is many small functions, each one site: a loop nest of depth 0-3
(counting up or down, steps 1-3, constant, symbolic and empty ranges,
bounds chosen by comparing two parameters (`a < b ? n + 1 : n`, as a
rank's block with a remainder; both bounds by one comparison, as
miniAMR's stencil), some loops in tiles of a constant size
with the last tile cut by MIN)
around a copy (dst[...] = src[...]), a memcpy or an MPI call (builtin,
contiguous, vector, hvector and subarray datatypes), sometimes under an
`if` inside the nest. Buffers are globals (with or without _Alignas),
pointer parameters (linearised, with constant or symbolic pitches, or
VLA-typed), malloc'd buffers and local VLAs, of random element types.
Copy loops and memcpy also read or write rows through pointers loaded in
the nest: a `T **` parameter indexed [ROW][COL] (or `T ***` indexed
[P][ROW][COL], P a constant or a parameter), ROW affine in the outer
loops' variables and COL in the inner ones (sometimes transposed, or with
a loop that moves neither); the other side of such a copy loop may be a
1-D buffer indexed by a running counter (`d[q++] = s[i][j]`).

Each site also carries the bindings its parameters are run with, and for
each buffer the byte range it touches at each binding, so that every access
is in bounds (subscript constants and array extents are chosen after the
bindings are drawn). The program is rendered twice, with the same sites:
plainly, for the plugin, and instrumented (recorder.h) with a driver that
runs any site at any binding and placement, for the truth."""
import operator
import random

LINE = 64
# C element types: size (also the ABI alignment) and MPI datatype.
TYPES = {"char": (1, "MPI_CHAR"), "short": (2, "MPI_SHORT"),
         "int": (4, "MPI_INT"), "float": (4, "MPI_FLOAT"),
         "long": (8, "MPI_LONG"), "double": (8, "MPI_DOUBLE")}
# Kinds the plugin may give each kind of site (docs/plugin.md).
MPI_CALLS = {"MPI_Send": "send", "MPI_Ssend": "send", "MPI_Isend": "send",
             "MPI_Recv": "recv", "MPI_Irecv": "recv", "MPI_Put": "put",
             "MPI_Get": "get", "MPI_Accumulate": "put"}
BINDINGS = 3
# Collectives the generator draws, by their data flow (docs/plugin.md,
# "Collectives"), those that may pass MPI_IN_PLACE, and the v forms.
COLLECTIVES = {
    "MPI_Barrier": "barrier", "MPI_Bcast": "bcast", "MPI_Ibcast": "bcast",
    "MPI_Reduce": "reduce", "MPI_Allreduce": "allreduce",
    "MPI_Iallreduce": "allreduce", "MPI_Scan": "scan", "MPI_Exscan": "exscan",
    "MPI_Reduce_scatter_block": "rsb", "MPI_Reduce_scatter": "rs",
    "MPI_Gather": "gather", "MPI_Gatherv": "gatherv", "MPI_Scatter": "scatter",
    "MPI_Scatterv": "scatterv", "MPI_Allgather": "allgather",
    "MPI_Allgatherv": "allgatherv", "MPI_Alltoall": "alltoall",
    "MPI_Ialltoall": "alltoall", "MPI_Alltoallv": "alltoallv"}
IN_PLACE = {"reduce", "allreduce", "scan", "exscan", "rsb", "rs", "gather",
            "scatter", "allgather", "alltoall", "gatherv", "allgatherv"}
V_FORMS = {"rs", "gatherv", "scatterv", "allgatherv", "alltoallv"}
ROOTED = {"bcast", "reduce", "gather", "gatherv", "scatter", "scatterv"}
# The packed buffer's size, larger than any run packs.
PACKED_BYTES = 1 << 20
# The chance that a copy loop's or memcpy's source, or destination, is a
# row-pointer buffer.
ROWS_CHANCE = 0.12


class Affine:
    """const + sum of coef * [param] * [var]: affine in the loop variables,
    possibly with a parameter as coefficient."""

    def __init__(self, terms=(), const=0):
        self.terms = list(terms)  # (coef, param or None, var or None)
        self.const = const

    def render(self):
        parts = []
        for coef, param, var in self.terms:
            names = [n for n in (param, var) if n]
            mag = abs(coef)
            body = " * ".join(([str(mag)] if mag != 1 or not names else [])
                              + names)
            parts.append(("-" if coef < 0 else "+", body))
        if self.const or not parts:
            parts.append(("-" if self.const < 0 else "+", str(abs(self.const))))
        text = ("-" if parts[0][0] == "-" else "") + parts[0][1]
        for sign, body in parts[1:]:
            text += f" {sign} {body}"
        return text

    def factors(self, env):
        for coef, param, var in self.terms:
            yield coef * (env[param] if param else 1), var

    def value(self, env):
        """The value with every name bound in env."""
        return self.const + sum(f * (env[v] if v else 1)
                                for f, v in self.factors(env))

    def bounds(self, env, box):
        """Minimum and maximum over the loop variables' ranges in box."""
        lo = hi = self.const
        for f, v in self.factors(env):
            if v is None:
                lo, hi = lo + f, hi + f
            else:
                a, b = f * box[v][0], f * box[v][1]
                lo, hi = lo + min(a, b), hi + max(a, b)
        return lo, hi


class Choice(Affine):
    """(a OP b ? then : other), a and b parameters, then and other affine
    in parameters only: a bound chosen by a comparison (PRK's block of a
    rank, one longer below the remainder). No terms of its own, so that no
    subscript takes it for a pitch."""

    OPS = {"<": operator.lt, "<=": operator.le, ">": operator.gt,
           ">=": operator.ge, "==": operator.eq, "!=": operator.ne}

    def __init__(self, a, op, b, then, other):
        super().__init__()
        self.a, self.op, self.b, self.then, self.other = a, op, b, then, other

    def render(self):
        return (f"({self.a} {self.op} {self.b} ? {self.then.render()} : "
                f"{self.other.render()})")

    def value(self, env):
        chosen = self.OPS[self.op](env[self.a], env[self.b])
        return (self.then if chosen else self.other).value(env)

    def bounds(self, env, box):
        v = self.value(env)
        return v, v


class Loop:
    """A loop over lo..hi; with a tile T (counting up by 1 to an exclusive
    bound), the same values in tiles of T: a loop over the tiles' starts
    around one from a start to min(start + T, hi)."""

    def __init__(self, var, lo, hi, step, down, inclusive, tile=None):
        self.var, self.lo, self.hi = var, lo, hi
        self.step, self.down, self.inclusive = step, down, inclusive
        self.tile = tile

    def header(self):
        v, s = self.var, self.step
        if self.tile:
            t, hi = self.tile, self.hi.render()
            return (f"for (int {v}t = {self.lo.render()}; {v}t < {hi}; "
                    f"{v}t += {t}) for (int {v} = {v}t; {v} < ({v}t + {t} < "
                    f"{hi} ? {v}t + {t} : {hi}); {v}++)")
        if not self.down:
            cmp = "<=" if self.inclusive else "<"
            inc = f"{v}++" if s == 1 else f"{v} += {s}"
            return (f"for (int {v} = {self.lo.render()}; {v} {cmp} "
                    f"{self.hi.render()}; {inc})")
        cmp = ">=" if self.inclusive else ">"
        dec = f"{v}--" if s == 1 else f"{v} -= {s}"
        return (f"for (int {v} = {self.hi.render()}; {v} {cmp} "
                f"{self.lo.render()}; {dec})")

    def trip(self, env):
        lo, hi, s = self.lo.value(env), self.hi.value(env), self.step
        span = hi - lo if self.inclusive else hi - lo - 1
        return span // s + 1 if span >= 0 else 0

    def range(self, env):
        """First and last values when the loop runs, else None."""
        t = self.trip(env)
        if t == 0:
            return None
        if not self.down:
            lo = self.lo.value(env)
            return lo, lo + (t - 1) * self.step
        hi = self.hi.value(env)
        return hi - (t - 1) * self.step, hi


class Datatype:
    """An MPI datatype expression; fields are ints or parameter names."""

    def __init__(self, kind, old=None, ctype=None, **fields):
        self.kind, self.old, self.ctype, self.fields = kind, old, ctype, fields

    def _v(self, key, env):
        x = self.fields[key]
        if isinstance(x, list):
            return [e if isinstance(e, int) else env[e] for e in x]
        return x if isinstance(x, int) else env[x]

    def blocks(self, env):
        """Indexed kinds: (length, byte displacement) of each block."""
        f = self.fields
        ext = self.old.layout(env)[0]
        if self.kind == "indexed":
            return [(n, d * ext) for n, d in zip(f["lens"], f["displs"])]
        if self.kind == "hindexed":
            return list(zip(f["lens"], f["displs"]))
        count = self._v("count", env)
        return [(f["blocklen"], (f["start"] + f["step"] * q) * ext)
                for q in range(count)]

    def lb(self, env):
        """MPI's lower bound."""
        if self.kind == "builtin" or self.kind == "subarray":
            return 0
        if self.kind == "resized":
            return self.fields["lb"]
        if self.kind in ("indexed", "hindexed", "indexed_block", "struct"):
            parts = self.parts(env)
            return min((d + t.lb(env) for n, d, t in parts if n), default=0)
        return self.old.lb(env)

    def parts(self, env):
        """(length, displacement, type) of each block of an indexed or
        struct type."""
        if self.kind == "struct":
            return [(n, d, Datatype("builtin", ctype=c))
                    for n, d, c in self.fields["members"]]
        return [(n, d, self.old) for n, d in self.blocks(env)]

    def align(self):
        if self.kind == "builtin":
            return min(16, TYPES[self.ctype][0])
        if self.kind == "struct":
            return max(min(16, TYPES[c][0])
                       for _, _, c in self.fields["members"])
        return self.old.align()

    def layout(self, env):
        """(extent, size, true_lo, true_hi) in bytes; true_hi is one past
        the last byte, and both are None for an empty type map."""
        if self.kind == "builtin":
            s = TYPES[self.ctype][0]
            return s, s, 0, s
        if self.kind in ("indexed", "hindexed", "indexed_block", "struct"):
            parts = [(n, d, t) for n, d, t in self.parts(env) if n]
            size = sum(n * t.layout(env)[1] for n, d, t in parts)
            lo = [d + t.layout(env)[2] for n, d, t in parts
                  if t.layout(env)[2] is not None]
            if not lo:
                return 0, 0, None, None
            hi = [d + (n - 1) * t.layout(env)[0] + t.layout(env)[3]
                  for n, d, t in parts if t.layout(env)[2] is not None]
            lb = min(d + t.lb(env) for n, d, t in parts)
            ub = max(d + t.lb(env) + n * t.layout(env)[0]
                     for n, d, t in parts)
            ext = ub - lb
            if self.kind == "struct" and ext % self.align():
                ext += self.align() - ext % self.align()
            return ext, size, min(lo), max(hi)
        if self.kind in ("resized", "dup"):
            ext, size, tlo, thi = self.old.layout(env)
            if self.kind == "resized":
                ext = self.fields["extent"]
            return ext, size, tlo, thi
        ext, size, tlo, thi = self.old.layout(env)
        if self.kind in ("vector", "hvector", "contiguous"):
            count = self._v("count", env)
            bl = self._v("blocklen", env) if "blocklen" in self.fields else 1
            if self.kind == "contiguous":
                stride = ext
            elif self.kind == "vector":
                stride = self._v("stride", env) * ext
            else:
                stride = self._v("stride", env)
            if count == 0 or bl == 0 or tlo is None:
                return 0, 0, None, None
            last = (count - 1) * stride + (bl - 1) * ext
            return last + ext, count * bl * size, tlo, last + thi
        sizes, subs = self._v("sizes", env), self._v("subsizes", env)
        starts = self._v("starts", env)
        order = list(range(len(sizes)))
        if self.fields["order"] == "MPI_ORDER_FORTRAN":
            order.reverse()

        def linear(idx):
            v = 0
            for d in order:
                v = v * sizes[d] + idx[d]
            return v
        full = ext
        for s in sizes:
            full *= s
        n = 1
        for s in subs:
            n *= s
        if n == 0 or tlo is None:
            return full, 0, None, None
        first = linear(starts) * ext + tlo
        last = linear([a + b - 1 for a, b in zip(starts, subs)]) * ext + thi
        return full, n * size, first, last

    def render(self, name, out, names, created):
        """Appends the C that builds this type into variable name; names
        gives fresh variable names for the inner types, created collects
        the variables to free."""
        if self.kind == "builtin":
            return TYPES[self.ctype][1]
        f = self.fields
        if self.kind == "struct":
            k = len(f["members"])
            out.append(f"MPI_Datatype {name};")
            created.append(name)
            out.append(f"int {name}_len[{k}] = {{"
                       f"{', '.join(str(n) for n, _, _ in f['members'])}}};")
            out.append(f"MPI_Aint {name}_dsp[{k}] = {{"
                       f"{', '.join(str(d) for _, d, _ in f['members'])}}};")
            out.append(f"MPI_Datatype {name}_typ[{k}] = {{"
                       f"{', '.join(TYPES[c][1] for _, _, c in f['members'])}"
                       f"}};")
            out.append(f"MPI_Type_create_struct({k}, {name}_len, {name}_dsp, "
                       f"{name}_typ, &{name});")
            if f.get("commit", True):
                out.append(f"MPI_Type_commit(&{name});")
            return name
        old = self.old.render(next(names), out, names, created)
        out.append(f"MPI_Datatype {name};")
        created.append(name)
        if self.kind in ("indexed", "hindexed"):
            k = len(f["lens"])
            dt = "int" if self.kind == "indexed" else "MPI_Aint"
            fn = "MPI_Type_indexed" if self.kind == "indexed" \
                else "MPI_Type_create_hindexed"
            out.append(f"int {name}_len[{k}] = {{"
                       f"{', '.join(map(str, f['lens']))}}};")
            out.append(f"{dt} {name}_dsp[{k}] = {{"
                       f"{', '.join(map(str, f['displs']))}}};")
            out.append(f"{fn}({k}, {name}_len, {name}_dsp, {old}, &{name});")
        elif self.kind == "indexed_block":
            out.append(f"int {name}_dsp[64];")
            out.append(f"for (int q = 0; q < {f['count']}; q++) "
                       f"{name}_dsp[q] = {f['start']} + {f['step']} * q;")
            out.append(f"MPI_Type_create_indexed_block({f['count']}, "
                       f"{f['blocklen']}, {name}_dsp, {old}, &{name});")
        elif self.kind == "resized":
            out.append(f"MPI_Type_create_resized({old}, {f['lb']}, "
                       f"{f['extent']}, &{name});")
        elif self.kind == "dup":
            out.append(f"MPI_Type_dup({old}, &{name});")
        elif self.kind == "contiguous":
            out.append(f"MPI_Type_contiguous({f['count']}, {old}, &{name});")
        elif self.kind in ("vector", "hvector"):
            fn = "MPI_Type_vector" if self.kind == "vector" \
                else "MPI_Type_create_hvector"
            out.append(f"{fn}({f['count']}, {f['blocklen']}, {f['stride']}, "
                       f"{old}, &{name});")
        else:
            nd = len(f["sizes"])
            for key in ("sizes", "subsizes", "starts"):
                out.append(f"int {name}_{key}[{nd}] = "
                           f"{{{', '.join(str(x) for x in f[key])}}};")
            out.append(f"MPI_Type_create_subarray({nd}, {name}_sizes, "
                       f"{name}_subsizes, {name}_starts, {f['order']}, {old}, "
                       f"&{name});")
        if self.fields.get("commit", True):
            out.append(f"MPI_Type_commit(&{name});")
        return name


class Buffer:
    """An array a site reads or writes. cls: global, param1d (a pointer,
    linearised subscripts), paramNd (pointer to rows of constant or VLA
    extents), malloc (1-D), vla (local, 2-D), rows (a `T **` parameter,
    ndim 2, or `T ***`, ndim 3: rows reached through pointers; ranges are
    then per binding (first row, last row, first byte, end byte of the
    columns from a row's pointer, plane) or None)."""

    def __init__(self, name, ctype, cls, ndim, const=False):
        self.name, self.ctype, self.cls = name, ctype, cls
        self.ndim, self.const = ndim, const
        self.dims = [None] * ndim  # ints or parameter names (VLA extents)
        self.align = None  # _Alignas for globals, assume_aligned for params
        self.accesses = []  # Access
        self.restrict = True  # rows: the table pointer is restrict
        self.const_rows = const  # rows: const pointee and row pointers

    @property
    def esize(self):
        return TYPES[self.ctype][0]

    def placement_align(self):
        return self.align or self.esize

    def is_param(self):
        return self.cls in ("param1d", "paramNd", "rows")

    def decl_param(self):
        c = "const " if self.const else ""
        if self.cls == "rows":
            c = "const " if self.const_rows else ""
            stars = ("*const " if c else "*") * (self.ndim - 1)
            r = "restrict " if self.restrict else ""
            return f"{c}{self.ctype} {stars}*{r}{self.name}"
        pname = self.name + "_" if self.align else self.name
        if self.cls == "param1d":
            return f"{c}{self.ctype} *restrict {pname}"
        inner = "".join(f"[{d}]" for d in self.dims[1:])
        return f"{c}{self.ctype} (*restrict {pname}){inner}"

    def global_decl(self):
        al = f"_Alignas({self.align}) " if self.align else ""
        return f"{al}{self.ctype} {self.name}" + \
            "".join(f"[{d}]" for d in self.dims) + ";"


class Access:
    """One address expression into a buffer: subscripts (one per dim; one
    linear one for param1d and malloc), and the bytes touched from that
    address at a binding (span(env) -> (lo, hi) or None)."""

    def __init__(self, buf, subs, span):
        self.buf, self.subs, self.span = buf, subs, span

    def lvalue(self, post=False):
        """The element; post: with a running counter's increment."""
        return self.buf.name + "".join(
            f"[{s.render()}{'++' if post and isinstance(s, Counter) else ''}]"
            for s in self.subs)

    def address(self):
        return "&" + self.lvalue()


class Counter:
    """A running counter q (`int q = const;` before the nest, q++ after
    each copy) as a subscript: at most one value per iteration of the
    nest, from const on."""

    def __init__(self, site, const):
        self.site, self.const, self.terms = site, const, []

    def render(self):
        return "q"

    def bounds(self, env, box):
        total = 1
        for loop in self.site.loops:
            total *= loop.trip(env)
        return self.const, self.const + max(total - 1, 0)


class Condition:
    """An `if` inside loop `level`, around the rest of the nest."""

    def __init__(self, level, text, kind):
        self.level, self.text, self.kind = level, text, kind


class Site:
    def __init__(self, index, kind):
        self.index, self.kind = index, kind
        self.name = f"site_{index}"
        self.loops = []
        self.buffers = []
        self.int_params = []  # names, in signature order
        self.win = False
        self.cond = None
        self.datatype = None
        self.counter = None  # the buffer indexed by a running counter
        # Collectives: MPI_IN_PLACE, the root, the v forms' arrays, the
        # send and receive buffers; MPI_Pack: the first *position.
        self.in_place, self.root, self.arrays = False, None, None
        self.csend = self.crecv = None
        self.pos = 0
        self.call = None  # MPI function name, "memcpy" or None (copy loop)
        self.count = None  # MPI count or memcpy bytes: int or param name
        self.bindings = []  # dicts of int parameter values
        self.expected_kinds = set()
        self.first_line = self.last_line = 0

    def box(self, env):
        """Ranges of the loop variables, or None if some loop is empty."""
        box = {}
        for loop in self.loops:
            r = loop.range(env)
            if r is None:
                return None
            box[loop.var] = r
        return box


class Generator:
    def __init__(self, seed):
        self.rng = random.Random(seed)
        # Tiles are drawn apart, so that a seed's programs stay the same
        # but for loops in tiles.
        self.tiles = random.Random(seed ^ 0x7113)
        self.choices = random.Random(seed ^ 0xC401)

    # --- pieces -----------------------------------------------------------
    def fresh(self, site, base):
        name = f"{base}{len(site.int_params)}"
        site.int_params.append(name)
        return name

    def loops(self, site, depth):
        r = self.rng
        maxtrip = {1: 300, 2: 40, 3: 12}.get(depth, 1)
        plan = []  # per loop: how to draw its parameters
        for k in range(depth):
            var = "ijk"[k]
            step = r.choice([1, 1, 1, 1, 2, 3])
            down = r.random() < 0.4
            inclusive = r.random() < 0.5
            form = r.choices(["n", "const", "range", "shift"],
                             [6, 3, 1, 1])[0]
            if form == "n" and self.choices.random() < 0.15:
                n = self.fresh(site, "n")
                a, b = self.fresh(site, "sel"), self.fresh(site, "sel")
                op = self.choices.choice(list(Choice.OPS))
                then, other = (Affine([(1, n, None)], d - (1 if inclusive
                                                             else 0))
                               for d in self.choices.sample([-1, 0, 1, 2], 2))
                # Both bounds from one if/else half the time (miniAMR's
                # is = 1, ie = n or is = 0, ie = n + 1 by the stencil).
                lo = Choice(a, op, b, *(Affine(const=e) for e in
                                        self.choices.sample([0, 1, 2], 2))) \
                    if self.choices.random() < 0.5 else Affine(const=0)
                hi = Choice(a, op, b, then, other)
                plan.append(("choice", n, a, b, maxtrip * step))
            elif form == "n":
                n = self.fresh(site, "n")
                lo = Affine(const=0)
                hi = Affine([(1, n, None)], -1 if inclusive else 0)
                plan.append(("n", n, maxtrip * step))
            elif form == "const":
                a = r.randint(-5, 10)
                t = r.randint(1, maxtrip) if r.random() < 0.97 else 0
                lo = Affine(const=a)
                hi = Affine(const=a + (t - 1) * step + (0 if inclusive else 1)
                            if t else a - r.randint(1, 3))
                plan.append(("const",))
            elif form == "range":
                a, b = self.fresh(site, "lo"), self.fresh(site, "hi")
                lo, hi = Affine([(1, a, None)]), Affine([(1, b, None)])
                plan.append(("range", a, b, maxtrip * step))
            else:
                n = self.fresh(site, "n")
                c = r.randint(1, 4)
                lo = Affine(const=c)
                hi = Affine([(1, n, None)], c if r.random() < 0.5 else -c)
                plan.append(("n", n, maxtrip * step + c))
            tile = None
            if step == 1 and not down and not inclusive and \
                    self.tiles.random() < 0.2:
                tile = self.tiles.choice([1, 2, 3, 4, 5, 8, 16])
            site.loops.append(Loop(var, lo, hi, step, down, inclusive, tile))
        return plan

    def draw_bindings(self, site, plan, extra):
        """BINDINGS bindings of the loop parameters (the first with every
        loop running, a later one often with an empty loop) plus the
        parameters extra draws."""
        r = self.rng
        out = []
        for b in range(BINDINGS):
            for _ in range(100):
                env = {}
                for p in plan:
                    if p[0] == "n":
                        env[p[1]] = r.randint(0, p[2]) if r.random() < 0.85 \
                            else r.randint(0, 2)
                    elif p[0] == "range":
                        a = r.randint(-3, p[3] // 2)
                        env[p[1]], env[p[2]] = a, a + r.randint(-3, p[3])
                    elif p[0] == "choice":
                        env[p[1]] = r.randint(1, p[4])
                        env[p[2]], env[p[3]] = r.randint(-2, 2), \
                            r.randint(-2, 2)
                extra(env, b)
                empty = site.box(env) is None
                if b == 0 and empty:
                    continue
                if b == BINDINGS - 1 and r.random() < 0.4:
                    self.empty_loop(site, plan, env)
                break
            out.append(env)
        return out

    def empty_loop(self, site, plan, env):
        """Makes one loop of env run zero times, through parameters that
        stay non-negative where they are sizes."""
        r = self.rng
        choices = []
        for p, loop in zip(plan, site.loops):
            if p[0] == "n":
                # hi = n + c runs no iteration once hi - lo < 0 (<= 0 for
                # an exclusive bound).
                n = loop.lo.const - loop.hi.const - (1 if loop.inclusive
                                                     else 0)
                if n >= 0:
                    choices.append((p[1], n, None))
            elif p[0] == "range":
                choices.append((p[2], None, (p[1], loop.inclusive)))
        if not choices:
            return
        name, n, rng_ = r.choice(choices)
        if rng_ is None:
            env[name] = n
        else:
            env[name] = env[rng_[0]] - r.randint(0, 2) - (1 if rng_[1] else 0)

    def subscript(self, site, nvars_used, linear, pitch_params):
        """An affine subscript over some loop variables: small coefficients
        (negative ones walk backwards, sometimes as n - 1 - i), and for
        linear subscripts larger constant or symbolic pitches."""
        r = self.rng
        terms = []
        for loop in site.loops:
            if r.random() < nvars_used:
                coef = r.choice([1, 1, 1, 2, 3, -1, -1, -2])
                if linear and r.random() < 0.5:
                    if pitch_params is not None and r.random() < 0.4:
                        ld = self.fresh(site, "ld")
                        pitch_params.append(ld)
                        terms.append((r.choice([1, 1, -1]), ld, loop.var))
                        continue
                    coef *= r.choice([4, 8, 13, 16, 64, 100])
                terms.append((coef, None, loop.var))
                if coef == -1 and loop.hi.terms and r.random() < 0.5:
                    terms.append((1, loop.hi.terms[0][1], None))
        return Affine(terms, r.randint(-4, 8) if linear else 0)

    def make_buffer(self, site, role, ctype, allowed, rows=False):
        """A buffer of a class drawn from allowed, or if rows a row-pointer
        buffer (`T **`, sometimes `T ***`)."""
        r = self.rng
        name = {"src": "s", "dst": "d"}[role]
        if rows:
            buf = Buffer(name, ctype, "rows", 3 if r.random() < 0.3 else 2,
                         const=(role == "src"))
            buf.restrict = r.random() < 0.5
            buf.const_rows = buf.const and r.random() < 0.6
            site.buffers.append(buf)
            return buf
        cls = r.choice(allowed)
        if cls == "global":
            name = f"g{site.index}_{name}"
        ndim = 1 if cls in ("param1d", "malloc") else \
            r.choice([1, 2, 3]) if cls == "global" else \
            2 if cls == "vla" else r.choice([2, 3])
        buf = Buffer(name, ctype, cls, ndim, const=(role == "src"))
        if cls == "global" and r.random() < 0.5:
            buf.align = r.choice([16, 32, 64, 128])
        if cls in ("param1d", "paramNd") and r.random() < 0.15:
            buf.align = r.choice([16, 64])
        if cls == "paramNd":
            for d in range(1, ndim):
                buf.dims[d] = self.fresh(site, "ld") if r.random() < 0.3 \
                    else None  # constant, sized later
        if cls == "vla":
            buf.dims[1] = self.fresh(site, "w")
        site.buffers.append(buf)
        return buf

    def unit_term(self, site, loop):
        """loop's variable with a small coefficient, sometimes reversed as
        n - 1 - i."""
        r = self.rng
        coef = r.choice([1, 1, 1, 1, 2, -1, -1, 3])
        terms = [(coef, None, loop.var)]
        if coef == -1 and loop.hi.terms and r.random() < 0.6:
            terms.append((1, loop.hi.terms[0][1], None))
        return terms

    def structured(self, site, buf, pitch_params, keep_outer=False):
        """Rows, columns, blocks and packs: each dimension indexed by at
        most one loop variable, each variable used once, the innermost
        loops usually in the last dimension; linear buffers get a pitch per
        variable (a constant, a symbolic leading dimension, or the inner
        loop's bound for a dense pack)."""
        r = self.rng
        loops = list(site.loops)
        if r.random() < 0.3:
            r.shuffle(loops)  # columns, transposes
        elif r.random() < 0.3 and len(loops) > keep_outer:
            loops.pop(r.randrange(keep_outer, len(loops)))  # moves less
        if buf.cls in ("param1d", "malloc"):
            terms, pitch, dense = [], 1, r.random() < 0.3
            for k, loop in enumerate(reversed(loops)):
                if k == 0:
                    terms += [(c * pitch, p, v)
                              for c, p, v in self.unit_term(site, loop)]
                    pitch = r.choice([16, 64, 100, 128, 1000, 7])
                    if pitch_params is not None and r.random() < 0.15:
                        pitch = self.fresh(site, "ld")
                        pitch_params.append(pitch)
                    elif dense and loop.hi.terms and not loop.lo.terms \
                            and loop.lo.const == 0 and loop.step == 1:
                        pitch = loop.hi.terms[0][1]
                    continue
                c = r.choice([1, 1, -1])
                if isinstance(pitch, str):
                    terms.append((c, pitch, loop.var))
                else:
                    terms.append((c * pitch, None, loop.var))
                    pitch = pitch * r.choice([2, 3, 8]) if pitch < 5000 \
                        else pitch
            return [Affine(terms, r.randint(-4, 8))]
        subs = [Affine() for _ in range(buf.ndim)]
        dims = list(range(buf.ndim))
        for loop in reversed(loops):
            if not dims:
                break
            d = dims.pop() if r.random() < 0.7 else \
                dims.pop(r.randrange(len(dims)))
            subs[d] = Affine(self.unit_term(site, loop))
        for sub in subs:
            sub.const = r.randint(0, 3)
        return subs

    def linear_index(self, site, loops, pitches, pitch_params):
        """An index over loops (outer to inner): the innermost with a small
        coefficient, each outer one times a pitch (a constant of pitches,
        a symbolic leading dimension, or the inner loop's bound for a dense
        block); a constant without loops."""
        r = self.rng
        terms, pitch = [], 1
        for k, loop in enumerate(reversed(loops)):
            if k == 0:
                terms += self.unit_term(site, loop)
                if len(loops) == 1:
                    continue
                pitch = r.choice(pitches)
                if pitch_params is not None and r.random() < 0.15:
                    pitch = self.fresh(site, "ld")
                    pitch_params.append(pitch)
                elif r.random() < 0.3 and loop.hi.terms and \
                        not loop.lo.terms and loop.lo.const == 0 and \
                        loop.step == 1:
                    pitch = loop.hi.terms[0][1]
                continue
            c = r.choice([1, 1, -1])
            if isinstance(pitch, str):
                terms.append((c, pitch, loop.var))
            else:
                terms.append((c * pitch, None, loop.var))
                pitch *= r.choice([2, 3, 8])
        return Affine(terms, r.randint(0, 4))

    def row_subscripts(self, site, buf, pitch_params):
        """[P][ROW][COL] of a row-pointer buffer: usually the row from the
        outer loops and the column from the innermost; sometimes another
        split (a constant row: one row; a constant column: one element per
        row), the row from the innermost loop and the column from the
        outer ones (rows revisited), or a loop that moves neither (rows or
        elements revisited)."""
        r = self.rng
        loops = list(site.loops)
        form = r.choices(["rows", "split", "transpose", "drop"],
                         [6, 1.5, 1, 1.5])[0]
        if form == "drop" and len(loops) > 1:
            loops.pop(r.randrange(len(loops)))
        if form == "transpose" and len(loops) > 1:
            row_loops, col_loops = loops[-1:], loops[:-1]
        elif form == "split":
            k = r.randint(0, len(loops))
            row_loops, col_loops = loops[:k], loops[k:]
        else:
            row_loops, col_loops = loops[:-1], loops[-1:]
        subs = [self.linear_index(site, row_loops, [1, 4, 13, 40, 40], None),
                self.linear_index(site, col_loops, [16, 64, 100, 7, 128],
                                  pitch_params)]
        if buf.ndim == 3:
            subs.insert(0, Affine(const=r.randint(0, 3))
                        if r.random() < 0.6 else
                        Affine([(1, self.fresh(site, "m"), None)]))
        return subs

    def access(self, site, buf, span, pitch_params):
        if buf is site.counter:
            acc = Access(buf, [Counter(site, self.rng.randint(0, 8))], span)
            buf.accesses.append(acc)
            return acc
        if buf.cls == "rows":
            acc = Access(buf, self.row_subscripts(site, buf, pitch_params),
                         span)
            buf.accesses.append(acc)
            return acc
        linear = buf.cls in ("param1d", "malloc")
        if self.rng.random() < 0.65:
            subs = self.structured(site, buf, pitch_params)
        elif linear:
            subs = [self.subscript(site, 0.8, True, pitch_params)]
        else:
            vars_left = 0.7
            subs = [self.subscript(site, vars_left, False, None)
                    for _ in range(buf.ndim)]
        acc = Access(buf, subs, span)
        buf.accesses.append(acc)
        return acc

    def condition(self, site):
        r = self.rng
        if not site.loops or r.random() > (0.4 if site.kind == "omp"
                                           else 0.2):
            return None
        level = r.randrange(len(site.loops))
        vars_ = [l.var for l in site.loops[:level + 1]]
        kind = r.choice(["mask", "parity", "bound", "invariant"])
        if kind == "mask":
            mask = Buffer("mask", "int", "param1d", 1, const=True)
            site.buffers.append(mask)
            sub = Affine([(r.choice([1, 2, 3]), None, v) for v in vars_],
                         r.randint(0, 4))
            acc = Access(mask, [sub], lambda env: (0, 4))
            mask.accesses.append(acc)
            test = r.choice(["& 1", "% 3 == 0", "& 4"])
            return Condition(level, f"({acc.lvalue()} {test})", kind)
        if kind == "parity":
            v = r.choice(vars_)
            return Condition(level, f"({v} % {r.choice([2, 3])} == 0)", kind)
        if kind == "bound":
            k = self.fresh(site, "k")
            v = r.choice(vars_)
            op = r.choice(["<", ">=", "!="])
            return Condition(level, f"({v} {op} {k})", kind)
        f = self.fresh(site, "flag")
        return Condition(level, f"({f})", kind)

    def datatype(self, site, ctype, derived):
        r = self.rng

        def val(lo, hi, name):
            if r.random() < 0.4:
                return self.fresh(site, name)
            return r.randint(lo, hi)
        base = Datatype("builtin", ctype=ctype)
        if not derived:
            return base
        kind = r.choices(["contiguous", "vector", "hvector", "subarray",
                          "nested", "indexed", "hindexed", "indexed_block",
                          "struct", "resized", "dup"],
                         [1, 3, 2, 2, 1, 2, 1, 2, 2, 1, 0.5])[0]
        if kind in ("indexed", "hindexed", "indexed_block", "struct",
                    "resized", "dup"):
            return self.irregular_datatype(site, ctype, base, kind, val)
        if kind == "contiguous":
            return Datatype("contiguous", base, count=val(0, 40, "c"))
        if kind in ("vector", "nested"):
            old = base
            if kind == "nested":
                old = Datatype("contiguous", base, count=r.randint(1, 4),
                               commit=r.random() < 0.7)
            return Datatype("vector", old, count=val(0, 30, "c"),
                            blocklen=r.randint(1, 4),
                            stride=val(4, 40, "st"))
        if kind == "hvector":
            es = TYPES[ctype][0]
            stride = r.choice([es * r.randint(4, 40), r.randint(4 * es, 200)])
            return Datatype("hvector", base, count=val(0, 30, "c"),
                            blocklen=r.randint(1, 3),
                            stride=stride if r.random() < 0.6
                            else self.fresh(site, "hs"))
        nd = r.choice([2, 2, 3])
        sizes, subs, starts = [], [], []
        for d in range(nd):
            sizes.append(r.randint(2, 30) if r.random() < 0.7
                         else self.fresh(site, "sz"))
            subs.append(None)
            starts.append(None)
        return Datatype("subarray", base, sizes=sizes, subsizes=subs,
                        starts=starts,
                        order=r.choice(["MPI_ORDER_C", "MPI_ORDER_FORTRAN"]))

    def irregular_datatype(self, site, ctype, base, kind, val):
        """Indexed, struct, resized and dup datatypes: arrays of constants
        (indexed_block: filled by a loop), blocks in any order."""
        r = self.rng
        es = TYPES[ctype][0]
        if kind == "indexed_block":
            bl = r.randint(1, 3)
            return Datatype("indexed_block", base, count=val(0, 20, "c"),
                            blocklen=bl, start=r.randint(0, 3),
                            step=r.randint(bl, bl + 6))
        if kind in ("indexed", "hindexed"):
            old = base if r.random() < 0.7 else \
                Datatype("contiguous", base, count=r.randint(1, 3),
                         commit=False)
            k = r.randint(1, 5)
            lens = [r.choice([0, 1, 2, 3, 4]) if r.random() < 0.15
                    else r.randint(1, 4) for _ in range(k)]
            unit = 1 if kind == "indexed" else es * old.layout({})[0] // es
            displs, at = [], r.randint(0, 3)
            for n in lens:
                displs.append(at * unit)
                at += n + r.randint(0, 5)
            if r.random() < 0.3:
                order = list(range(k))
                r.shuffle(order)
                lens = [lens[i] for i in order]
                displs = [displs[i] for i in order]
            return Datatype(kind, old, lens=lens, displs=displs)
        if kind == "struct":
            members, at = [], r.randint(0, 2) * 4
            for _ in range(r.randint(1, 3)):
                c = r.choice(list(TYPES))
                size = TYPES[c][0]
                at = -(-at // size) * size + r.choice([0, 0, size])
                n = r.randint(1, 3)
                members.append((n, at, c))
                at += n * size
            t = Datatype("struct", members=members,
                         commit=r.random() < 0.5)
            if r.random() < 0.5:
                ext = t.layout({})[0]
                return Datatype("resized", t, lb=0,
                                extent=ext + r.choice([0, 8, 16]))
            return t
        old = Datatype("contiguous", base, count=r.randint(1, 4),
                       commit=False)
        if kind == "resized":
            return Datatype("resized", old, lb=0,
                            extent=old.layout({})[0] + es * r.randint(0, 4))
        return Datatype("dup", old)

    # --- sites ------------------------------------------------------------
    def site(self, index):
        """A random site that fits the limits of the instrumented run."""
        while True:
            site = self.try_site(index)
            if fits(site):
                return site

    def try_site(self, index):
        r = self.rng
        kind = r.choices(["copy-loop", "memcpy", "mpi", "omp", "coll",
                          "pack", "atomic"],
                         [5, 2, 3, 1.5, 2.5, 0.8, 0.6])[0]
        site = Site(index, kind)
        if kind in ("coll", "pack", "atomic"):
            return self.comm_site(site)
        derived = kind == "mpi" and r.random() < 0.6
        # Derived datatypes are 2-D and 3-D themselves: fewer loops.
        depth = r.choices([0, 1, 2, 3], [4, 4, 1, 0] if derived else
                          [3, 4, 2, 1] if kind == "mpi" else [1, 5, 4, 1])[0]
        if kind == "copy-loop":
            depth = max(depth, 1)
        # Copy loops and memcpy: the sides that are rows through loaded
        # pointers, in nests mostly deep enough to load several.
        rows = set()
        if kind in ("copy-loop", "memcpy"):
            rows = {role for role in ("src", "dst")
                    if r.random() < ROWS_CHANCE}
            if rows:
                depth = r.choices([1, 2, 3], [2, 5, 3])[0]
        if kind == "omp":
            depth = r.choice([1, 1, 2])
        plan = self.loops(site, depth)
        ctype = r.choice(list(TYPES))
        es = TYPES[ctype][0]
        pitch_params = []
        cls_all = ["global", "param1d", "param1d", "paramNd", "malloc", "vla"]
        if kind in ("copy-loop", "omp"):
            # An OpenMP loop is split among threads: a superstep.
            site.expected_kinds = {"copy-loop"} if kind == "copy-loop" \
                else {"superstep"}
            src = self.make_buffer(site, "src", ctype, cls_all,
                                   "src" in rows)
            dst = self.make_buffer(site, "dst", ctype,
                                   [c for c in cls_all if c != src.cls
                                    or c in ("param1d", "paramNd")],
                                   "dst" in rows)
            site.src, site.dst = src, dst
            # miniAMR's pack and unpack: a running counter on the other
            # side of rows.
            for a, b in ((src, dst), (dst, src)):
                if a.cls == "rows" and b.cls in ("param1d", "malloc") and \
                        r.random() < 0.4:
                    site.counter = b
            one = (lambda env: (0, es))
            if kind == "omp":
                # Threads write apart where the dimensions allow; where
                # they collide, the values differ, not the recorded truth.
                dst.accesses.append(Access(dst, self.structured(
                    site, dst, None, keep_outer=True), one))
            else:
                self.access(site, dst, one, pitch_params)
            self.access(site, src, one, pitch_params)
        elif kind == "memcpy":
            site.call = "memcpy"
            site.expected_kinds = {"copy"}
            src = self.make_buffer(site, "src", ctype, cls_all,
                                   "src" in rows)
            dst = self.make_buffer(site, "dst", ctype,
                                   [c for c in cls_all if c != src.cls
                                    or c in ("param1d", "paramNd")],
                                   "dst" in rows)
            site.src, site.dst = src, dst
            if r.random() < 0.5:
                site.count = r.choice([es, 2 * es, 16, 24, 64, 100, 8 * es])
            else:
                site.count = self.fresh(site, "len")
            span = (lambda env: (0, env[site.count]) if isinstance(
                site.count, str) else (0, site.count))
            self.access(site, dst, span, pitch_params)
            self.access(site, src, span, pitch_params)
        else:
            site.call = r.choice(list(MPI_CALLS))
            site.expected_kinds = {MPI_CALLS[site.call]}
            site.win = site.call in ("MPI_Put", "MPI_Get", "MPI_Accumulate")
            role = "src" if MPI_CALLS[site.call] in ("send", "put") else "dst"
            buf = self.make_buffer(site, role, ctype,
                                   ["global", "param1d", "param1d", "param1d",
                                    "paramNd", "malloc"])
            site.src = site.dst = buf
            site.datatype = self.datatype(site, ctype, derived)
            site.count = r.choice([1, 1, 1, 2, 3]) \
                if site.datatype.kind != "builtin" else \
                (r.randint(0, 40) if r.random() < 0.5
                 else self.fresh(site, "cnt"))
            dt, cnt = site.datatype, site.count

            def span(env):
                c = cnt if isinstance(cnt, int) else env[cnt]
                ext, size, tlo, thi = dt.layout(env)
                if c == 0 or tlo is None:
                    return None
                return tlo, (c - 1) * ext + thi
            self.access(site, buf, span, pitch_params)
        site.cond = self.condition(site)
        params_drawn = self.extra_params(site)
        site.bindings = self.draw_bindings(site, plan, params_drawn)
        if kind == "omp":
            for env in site.bindings:
                env["P"] = r.randint(1, 4)  # threads, as the records name it
        self.fit(site, pitch_params)
        return site

    # --- collectives, MPI_Pack/Unpack, atomics ------------------------------
    def comm_site(self, site):
        """A collective, MPI_Pack/MPI_Unpack or RMA atomic site: a call in
        a loop nest of depth 0-2 whose buffers move with the loops."""
        r = self.rng
        plan = self.loops(site, r.choices([0, 1, 2], [5, 4, 1])[0])
        ctype = r.choice(list(TYPES))
        pitch_params = []
        classes = ["global", "param1d", "param1d", "paramNd", "malloc"]
        fixed_p = None
        if site.kind == "coll":
            fixed_p = self.collective(site, ctype, classes, pitch_params)
        elif site.kind == "pack":
            self.pack(site, ctype, classes, pitch_params)
        else:
            self.atomic(site, ctype, classes, pitch_params)
        site.cond = None
        drawn = self.extra_params(site)

        def extra(env, b):
            env["P"] = fixed_p or r.randint(1, 4)
            drawn(env, b)
        site.bindings = self.draw_bindings(site, plan, extra)
        self.fit(site, pitch_params)
        return site

    def count_of(self, site, lo, hi):
        """A count: a constant, or a parameter (cnt: drawn in 0..60)."""
        if self.rng.random() < 0.5:
            return self.rng.randint(lo, hi)
        return self.fresh(site, "cnt")

    def collective(self, site, ctype, classes, pitch_params):
        """Draws the call, its datatype, counts, arrays and buffers; returns
        the number of ranks when arrays of constants fix it."""
        r = self.rng
        site.call = r.choice(list(COLLECTIVES))
        site.expected_kinds = {"collective"}
        pat = COLLECTIVES[site.call]
        v = pat in V_FORMS
        site.datatype = self.datatype(site, ctype, not v and
                                      r.random() < 0.35)
        dt = site.datatype
        site.in_place = pat in IN_PLACE and r.random() < 0.3
        # The v forms' scalar count is the rank's entry of the counts.
        site.count = None
        if pat != "barrier" and not v:
            site.count = self.count_of(site, 0, 12)
        site.root = None
        if pat in ROOTED:
            site.root = r.choice([0, self.fresh(site, "root")])
        site.arrays = None
        fixed_p = None
        if v:
            if pat == "rs" or r.random() < 0.3:
                k = r.randint(1, 4)
                counts = [r.randint(0, 5) for _ in range(k)]
                if site.in_place:
                    counts = [counts[0]] * k
                displs, at = [], r.randint(0, 3)
                for c in counts:
                    displs.append(at)
                    at += c + r.randint(0, 4)
                if r.random() < 0.3:
                    order = list(range(k))
                    r.shuffle(order)
                    displs = [displs[i] for i in order]
                site.arrays = ("const", counts, displs)
                fixed_p = k
            else:
                a = r.randint(0, 4)
                b = 0 if site.in_place or r.random() < 0.4 else r.randint(1, 2)
                site.arrays = ("loop", a, b, r.randint(0, 3),
                               r.randint(a + 3 * b, a + 3 * b + 5))

        def counts(env):
            if site.arrays[0] == "const":
                return site.arrays[1], site.arrays[2]
            _, a, b, d, e = site.arrays
            return ([a + b * i for i in range(env["P"])],
                    [d + e * i for i in range(env["P"])])

        def count(env):
            c = site.count
            return c if isinstance(c, int) else env[c]

        def blk(env, n):
            ext, size, tlo, thi = dt.layout(env)
            if n == 0 or tlo is None:
                return None
            return tlo, (n - 1) * ext + thi

        def blocks(env):
            ext, size, tlo, thi = dt.layout(env)
            cs, ds = counts(env)
            parts = [(d * ext + tlo, (d + c - 1) * ext + thi)
                     for c, d in zip(cs, ds) if c]
            if not parts:
                return None
            return min(a for a, _ in parts), max(b for _, b in parts)

        P = (lambda env: env["P"])
        spans = {
            "bcast": (None, lambda e: blk(e, count(e))),
            "reduce": (lambda e: blk(e, count(e)), lambda e: blk(e, count(e))),
            "rsb": (lambda e: blk(e, P(e) * count(e)),
                    lambda e: blk(e, (P(e) if site.in_place else 1) *
                                  count(e))),
            "rs": (lambda e: blk(e, sum(counts(e)[0])),
                   lambda e: blk(e, sum(counts(e)[0]) if site.in_place
                                 else max(counts(e)[0]))),
            "gather": (lambda e: blk(e, count(e)),
                       lambda e: blk(e, P(e) * count(e))),
            "scatter": (lambda e: blk(e, P(e) * count(e)),
                        lambda e: blk(e, count(e))),
            "allgather": (lambda e: blk(e, count(e)),
                          lambda e: blk(e, P(e) * count(e))),
            "alltoall": (lambda e: blk(e, P(e) * count(e)),
                         lambda e: blk(e, P(e) * count(e))),
            "gatherv": (lambda e: blk(e, max(counts(e)[0])), blocks),
            "allgatherv": (lambda e: blk(e, max(counts(e)[0])), blocks),
            "scatterv": (blocks, lambda e: blk(e, max(counts(e)[0]))),
            "alltoallv": (blocks, blocks),
        }
        for same in ("allreduce", "scan", "exscan"):
            spans[same] = spans["reduce"]
        site.csend = site.crecv = None
        if pat == "barrier":
            return fixed_p
        send_span, recv_span = spans[pat]
        # MPI_IN_PLACE: Scatter's receive buffer, the others' send buffer.
        if send_span and not (site.in_place and pat != "scatter"):
            site.csend = self.make_buffer(site, "src", ctype, classes)
            self.access(site, site.csend, send_span, pitch_params)
        if not (site.in_place and pat == "scatter"):
            site.crecv = self.make_buffer(
                site, "dst", ctype,
                [c for c in classes if site.csend is None or
                 c != site.csend.cls or c in ("param1d", "paramNd")])
            self.access(site, site.crecv, recv_span, pitch_params)
        site.src = site.csend or site.crecv
        site.dst = site.crecv or site.csend
        return fixed_p

    def pack(self, site, ctype, classes, pitch_params):
        r = self.rng
        site.call = r.choice(["MPI_Pack", "MPI_Unpack"])
        site.expected_kinds = {"copy"}
        site.datatype = self.datatype(site, ctype, r.random() < 0.5)
        dt = site.datatype
        site.count = r.choice([1, 1, 2, 3]) if dt.kind != "builtin" else \
            self.count_of(site, 0, 20)
        site.pos = r.choice([0, r.randint(1, 16), self.fresh(site, "pos")])
        pack = site.call == "MPI_Pack"
        typed = self.make_buffer(site, "src" if pack else "dst", ctype,
                                 classes)
        packed = Buffer("pk" if pack else "pks", "char",
                        r.choice(["param1d", "global"]), 1, const=not pack)
        if packed.cls == "global":
            packed.name = f"g{site.index}_{packed.name}"
        site.buffers.append(packed)

        def typed_span(env):
            c = site.count if isinstance(site.count, int) else env[site.count]
            ext, size, tlo, thi = dt.layout(env)
            if c == 0 or tlo is None:
                return None
            return tlo, (c - 1) * ext + thi

        def packed_span(env):
            # Every call of the nest appends its bytes.
            box = site.box(env)
            calls = 1
            for loop in site.loops:
                calls *= loop.trip(env)
            c = site.count if isinstance(site.count, int) else env[site.count]
            pos = site.pos if isinstance(site.pos, int) else env[site.pos]
            size = calls * c * dt.layout(env)[1]
            return None if box is None or size == 0 else (pos, pos + size)
        self.access(site, typed, typed_span, pitch_params)
        packed.accesses.append(Access(packed, [Affine(const=0)], packed_span))
        site.src, site.dst = (typed, packed) if pack else (packed, typed)

    def atomic(self, site, ctype, classes, pitch_params):
        r = self.rng
        site.call = r.choice(["MPI_Fetch_and_op", "MPI_Compare_and_swap",
                              "MPI_Get_accumulate"])
        site.expected_kinds = {"atomic"}
        site.win = True
        get_acc = site.call == "MPI_Get_accumulate"
        site.datatype = self.datatype(site, ctype, get_acc and
                                      r.random() < 0.4)
        dt = site.datatype
        site.count = 1
        if get_acc:
            site.count = r.choice([1, 2, 3]) if dt.kind != "builtin" else \
                self.count_of(site, 0, 12)

        def span(env):
            c = site.count if isinstance(site.count, int) else env[site.count]
            ext, size, tlo, thi = dt.layout(env)
            if c == 0 or tlo is None:
                return None
            return tlo, (c - 1) * ext + thi
        site.src = self.make_buffer(site, "src", ctype, classes)
        site.dst = self.make_buffer(site, "dst", ctype,
                                    [c for c in classes if c != site.src.cls
                                     or c in ("param1d", "paramNd")])
        self.access(site, site.src, span, pitch_params)
        self.access(site, site.dst, span, pitch_params)

    def extra_params(self, site):
        """The drawing of the parameters other than loop bounds, for one
        binding: datatype fields, counts, condition parameters, pitches
        (which fit() completes)."""
        r = self.rng
        dt = site.datatype

        def draw(env, b):
            for name in site.int_params:
                if name in env:
                    continue
                if name.startswith("len"):
                    env[name] = r.choice([0, 1, 8, 16, 24, 40, 64, 100,
                                          r.randint(1, 300)]) \
                        if r.random() < 0.9 else 0
                elif name.startswith("cnt"):
                    env[name] = r.randint(0, 60)
                elif name.startswith("c"):
                    env[name] = r.randint(0, 30) if r.random() < 0.9 else 0
                elif name.startswith("st"):
                    env[name] = r.randint(4, 40)
                elif name.startswith("hs"):
                    env[name] = r.randint(32, 400)
                elif name.startswith("sz"):
                    env[name] = r.randint(2, 30)
                elif name.startswith("flag"):
                    env[name] = [1, 0, r.randint(0, 1)][b]
                elif name.startswith("k"):
                    env[name] = r.randint(-2, 20)
                elif name.startswith("root"):
                    env[name] = r.randrange(env["P"])
                elif name.startswith("pos"):
                    env[name] = r.randint(0, 16)
                elif name.startswith("m"):
                    env[name] = r.randint(0, 3)  # a T *** buffer's plane
            if dt is not None:
                self.fix_datatype(dt, env)
        return draw

    def fix_datatype(self, dt, env):
        """Makes the datatype's fields valid at env: a vector's stride at
        least its block, subarray starts and subsizes inside sizes."""
        r = self.rng
        if dt.kind in ("builtin", "struct"):
            return
        self.fix_datatype(dt.old, env)
        f = dt.fields
        if dt.kind == "vector" and isinstance(f["stride"], str):
            env[f["stride"]] = max(env[f["stride"]], f["blocklen"])
        if dt.kind == "vector" and isinstance(f["stride"], int):
            f["stride"] = max(f["stride"], f["blocklen"])
        if dt.kind == "hvector":
            ext = dt.old.layout(env)[0]
            need = f["blocklen"] * ext
            if isinstance(f["stride"], str):
                env[f["stride"]] = max(env[f["stride"]], need)
            else:
                f["stride"] = max(f["stride"], need)
        if dt.kind == "subarray":
            sizes = [s if isinstance(s, int) else env[s] for s in f["sizes"]]
            if "_fixed" not in f:
                # Subsizes and starts are constants chosen for the smallest
                # size over the bindings: drawn once, checked per binding.
                f["_fixed"] = True
                for d, s in enumerate(sizes):
                    lim = s if isinstance(f["sizes"][d], int) else 2
                    sub = r.randint(0, lim) if r.random() < 0.1 \
                        else r.randint(1, lim)
                    f["subsizes"][d] = sub
                    f["starts"][d] = r.randint(0, lim - sub)
            for d, s in enumerate(sizes):
                if f["starts"][d] + f["subsizes"][d] > s:
                    env[f["sizes"][d]] = f["starts"][d] + f["subsizes"][d]

    def fit(self, site, pitch_params):
        """Chooses subscript constants, array extents and pitch parameters
        so that every access at every binding is in bounds, and records
        each binding's byte range per pointer parameter."""
        r = self.rng
        for env in site.bindings:
            for ld in pitch_params:
                env[ld] = r.choice([r.randint(1, 40), 8 * r.randint(1, 40),
                                    r.randint(40, 300)])
        for buf in site.buffers:
            if buf.cls == "rows":
                self.fit_rows(site, buf)
                continue
            nd = len(buf.accesses[0].subs) if buf.accesses else 0
            shift = buf.cls not in ("param1d",)
            # Subscript constants: every index >= 0 except through a
            # pointer parameter's first subscript.
            for acc in buf.accesses:
                for d, sub in enumerate(acc.subs):
                    if d == 0 and buf.is_param():
                        continue
                    low = min((sub.bounds(env, box)[0]
                               for env in site.bindings
                               for box in [site.box(env)] if box is not None),
                              default=0)
                    if low < 0:
                        sub.const -= low
                    if shift and r.random() < 0.3:
                        sub.const += r.randint(1, 3)
            # Extents of dims after the first: constants or per-binding
            # parameters (VLA extents), at least the largest index + 1.
            for d in range(1, nd):
                highs = []
                for env in site.bindings:
                    box = site.box(env)
                    hi = max([acc.subs[d].bounds(env, box)[1]
                              for acc in buf.accesses]
                              if box is not None else [0])
                    highs.append(hi)
                if isinstance(buf.dims[d], str):
                    for env, hi in zip(site.bindings, highs):
                        need = hi + 1
                        env[buf.dims[d]] = r.choice([
                            need, need + r.randint(0, 5),
                            -(-need // 8) * 8, -(-need // 64) * 64])
                else:
                    buf.dims[d] = max(highs) + 1 + r.choice([0, 0, 1, 3, 7])
            # The first dim and the flat byte ranges.
            ranges = []
            for env in site.bindings:
                ranges.append(self.flat_range(site, buf, env))
            if buf.cls in ("global", "malloc", "vla"):
                row = buf.esize
                for d in range(1, buf.ndim):
                    row *= buf.dims[d] if isinstance(buf.dims[d], int) else 1
                if isinstance(buf.dims[1] if buf.ndim > 1 else 0, str):
                    # A VLA's rows vary: the first extent covers the
                    # largest row count at any binding.
                    rows = max((-(-hi // (buf.esize * env[buf.dims[1]]))
                                for env, (lo, hi) in zip(site.bindings,
                                                         ranges)), default=1)
                else:
                    rows = max((-(-hi // row) for lo, hi in ranges),
                               default=1)
                buf.dims[0] = max(rows, 1) + r.choice([0, 0, 1, 2])
            buf.ranges = ranges

    def fit_rows(self, site, buf):
        """Row and column subscripts of a row-pointer buffer made >= 0 at
        every binding, and per binding the rows and the bytes from a row's
        pointer that the accesses touch, and the plane."""
        r = self.rng
        boxes = [(env, site.box(env)) for env in site.bindings]
        for acc in buf.accesses:
            for sub in acc.subs[-2:]:
                low = min((sub.bounds(env, box)[0] for env, box in boxes
                           if box is not None), default=0)
                if low < 0:
                    sub.const -= low
                if r.random() < 0.3:
                    sub.const += r.randint(1, 3)
        buf.ranges = []
        for env, box in boxes:
            out = None
            for acc in buf.accesses if box is not None else []:
                span = acc.span(env)
                if span is None:
                    continue
                rlo, rhi = acc.subs[-2].bounds(env, box)
                clo, chi = acc.subs[-1].bounds(env, box)
                blo, bhi = clo * buf.esize + span[0], chi * buf.esize + span[1]
                plane = acc.subs[0].value(env) if buf.ndim == 3 else -1
                if out is not None:
                    rlo, rhi = min(rlo, out[0]), max(rhi, out[1])
                    blo, bhi = min(blo, out[2]), max(bhi, out[3])
                out = (rlo, rhi, blo, bhi, plane)
            buf.ranges.append(out)

    def flat_range(self, site, buf, env):
        """Bytes [lo, hi) from the buffer's pointer that the accesses touch
        at env ((0, 0) when none)."""
        box = site.box(env)
        lo, hi = None, None
        if box is None:
            return 0, 0
        for acc in buf.accesses:
            span = acc.span(env)
            if span is None:
                continue
            # The element offset of the address, flattened.
            pitch = [1] * len(acc.subs)
            for d in range(len(acc.subs) - 2, -1, -1):
                ext = buf.dims[d + 1]
                ext = env[ext] if isinstance(ext, str) else ext
                pitch[d] = pitch[d + 1] * ext
            a_lo = a_hi = 0
            for sub, p in zip(acc.subs, pitch):
                s_lo, s_hi = sub.bounds(env, box)
                a_lo += p * s_lo
                a_hi += p * s_hi
            b_lo = a_lo * buf.esize + span[0]
            b_hi = a_hi * buf.esize + span[1]
            lo = b_lo if lo is None else min(lo, b_lo)
            hi = b_hi if hi is None else max(hi, b_hi)
        return (lo, hi) if lo is not None else (0, 0)


# Limits that keep the instrumented runs small and the stack safe.
MAX_STACK, MAX_OBJECT, MAX_ITERATIONS = 1 << 18, 1 << 22, 1 << 17


def fits(site):
    iterations = 0
    for env in site.bindings:
        t = 1
        for loop in site.loops:
            t *= loop.trip(env)
        iterations += t
        if site.datatype is not None:
            # The type map's pieces, one call at a time; a collective's
            # for each rank, of up to p blocks.
            c = site.count if isinstance(site.count, int) else \
                env[site.count] if site.count else 8
            p = env["P"] if site.kind == "coll" else 1
            iterations += t * p * p * c * site.datatype.layout(env)[1] // 8
    if iterations > MAX_ITERATIONS:
        return False
    for buf in site.buffers:
        if buf.cls == "rows":
            # Rows at a pitch of up to 64 bytes and 8 elements more than
            # they need.
            for rg in buf.ranges:
                if rg is not None and (rg[1] - rg[0] + 1 > 1 << 16 or (
                        rg[1] - rg[0] + 1) * (rg[3] - rg[2] + 128) >
                        MAX_OBJECT):
                    return False
            continue
        if buf.is_param():
            if max(hi - lo for lo, hi in buf.ranges) > MAX_OBJECT:
                return False
            continue
        size = buf.esize
        for d in buf.dims:
            size *= d if isinstance(d, int) else \
                max(env[d] for env in site.bindings)
        if size > (MAX_STACK if buf.cls == "vla" else MAX_OBJECT):
            return False
    return True


# --- rendering --------------------------------------------------------------
def render_site(site, instrumented):
    """The lines of the site's globals and function."""
    out = []
    for buf in site.buffers:
        if buf.cls == "global":
            out.append(buf.global_decl())
    # Integers first: VLA-typed pointers name them.
    params = [f"int {p}" for p in site.int_params]
    for buf in site.buffers:
        if buf.is_param():
            params.append(buf.decl_param())
    if site.win:
        params.append("MPI_Win win")
    out.append(f"void {site.name}({', '.join(params)}) {{")
    body = []
    for buf in site.buffers:
        if buf.is_param() and buf.align:
            c = "const " if buf.const else ""
            ptr = f"{c}{buf.ctype} *restrict" if buf.cls == "param1d" else \
                f"{c}{buf.ctype} (*restrict"
            inner = "".join(f"[{d}]" for d in buf.dims[1:])
            decl = f"{ptr} {buf.name}" if buf.cls == "param1d" else \
                f"{ptr} {buf.name}){inner}"
            body.append(f"{decl} = __builtin_assume_aligned({buf.name}_, "
                        f"{buf.align});")
        elif buf.cls == "malloc":
            m = "rec_malloc" if instrumented else "malloc"
            body.append(f"{buf.ctype} *{buf.name} = {m}({buf.dims[0]} * "
                        f"sizeof({buf.ctype}));")
            if buf.const:
                body.append(f"dt_fill({buf.name});")
        elif buf.cls == "vla":
            body.append(f"{buf.ctype} {buf.name}[{buf.dims[0]}][{buf.dims[1]}];")
            if instrumented:
                body.append(f"rec_region({buf.name}, sizeof {buf.name});")
            if buf.const:
                body.append(f"dt_fill({buf.name});")
    dtype, created = None, []
    if site.datatype is not None:
        names = iter(f"t{k}" for k in range(1, 10))
        dtype = site.datatype.render("t0", body, names, created)
    if site.call and site.call.startswith("MPI_I"):
        body.append("MPI_Request req;")
    if site.counter is not None:
        body.append(f"int q = {site.counter.accesses[0].subs[0].const};")
    body += comm_declarations(site)
    # The nest.
    indent = "  "
    depth = 1
    lines = []
    cond = site.cond
    for k, loop in enumerate(site.loops):
        lines.append(indent * depth + loop.header())
        depth += 1
        if cond and cond.level == k:
            lines.append(indent * depth + f"if {cond.text}")
            depth += 1
    lines.append(indent * depth + statement(site, dtype, instrumented))
    out_body = [indent + b for b in body] + lines
    for name in created:
        out_body.append(indent + f"MPI_Type_free(&{name});")
    for buf in site.buffers:
        if buf.cls in ("malloc", "vla") and not buf.const:
            out_body.append(indent + f"dt_sink({buf.name});")
        if buf.cls == "malloc":
            out_body.append(indent + f"free({buf.name});")
    if site.kind == "omp":
        out_body.insert(len(body), indent + "#pragma omp parallel for" +
                        (" schedule(static)" if site.index % 2 else ""))
    out += out_body
    out.append("}")
    return out


def comm_declarations(site):
    """The variables a collective, pack or atomic site's call uses: the
    number of ranks P (and the rank) as MPI gives them, the v forms'
    arrays, MPI_Pack's position, MPI_Compare_and_swap's compare operand."""
    out = []
    if site.kind == "coll":
        out += ["int P;", "MPI_Comm_size(MPI_COMM_WORLD, &P);"]
        if site.arrays:
            out += ["int rank;", "MPI_Comm_rank(MPI_COMM_WORLD, &rank);"]
            if site.arrays[0] == "const":
                _, counts, displs = site.arrays
                k = len(counts)
                out.append(f"int cnt_v[{k}] = {{{', '.join(map(str, counts))}}};")
                out.append(f"int dsp_v[{k}] = {{{', '.join(map(str, displs))}}};")
            else:
                _, a, b, d, e = site.arrays
                out += ["int cnt_v[64], dsp_v[64];", "int np = P;",
                        "for (int q = 0; q < np; q++) {",
                        f"  cnt_v[q] = {a} + {b} * q;",
                        f"  dsp_v[q] = {d} + {e} * q;", "}"]
    elif site.kind == "pack":
        out.append(f"int pos = {site.pos};")
    elif site.call == "MPI_Compare_and_swap":
        out.append(f"{site.src.ctype} cmpv = 0;")
    return out


def comm_statement(site, t):
    """The call of a collective, pack or atomic site."""
    call, w = site.call, "MPI_COMM_WORLD"
    c = site.count
    if site.kind == "pack":
        typed = (site.src if call == "MPI_Pack" else site.dst).accesses[0]
        packed = (site.dst if call == "MPI_Pack" else site.src).accesses[0]
        if call == "MPI_Pack":
            return (f"MPI_Pack({typed.address()}, {c}, {t}, "
                    f"{packed.address()}, {PACKED_BYTES}, &pos, {w});")
        return (f"MPI_Unpack({packed.address()}, {PACKED_BYTES}, &pos, "
                f"{typed.address()}, {c}, {t}, {w});")
    if site.kind == "atomic":
        o, r = site.src.accesses[0].address(), site.dst.accesses[0].address()
        if call == "MPI_Fetch_and_op":
            return f"{call}({o}, {r}, {t}, 1, 0, MPI_SUM, win);"
        if call == "MPI_Compare_and_swap":
            return f"{call}({o}, &cmpv, {r}, {t}, 1, 0, win);"
        return (f"{call}({o}, {c}, {t}, {r}, {c}, {t}, 1, 0, {c}, {t}, "
                f"MPI_SUM, win);")
    pat = COLLECTIVES[call]
    s = site.csend.accesses[0].address() if site.csend else "MPI_IN_PLACE"
    r = site.crecv.accesses[0].address() if site.crecv else "MPI_IN_PLACE"
    root, req = site.root, ", &req" if call.startswith("MPI_I") else ""
    if pat == "barrier":
        return f"{call}({w});"
    if pat == "bcast":
        return f"{call}({r}, {c}, {t}, {root}, {w}{req});"
    if pat == "reduce":
        return f"{call}({s}, {r}, {c}, {t}, MPI_SUM, {root}, {w});"
    if pat in ("allreduce", "scan", "exscan", "rsb"):
        return f"{call}({s}, {r}, {c}, {t}, MPI_SUM, {w}{req});"
    if pat == "rs":
        return f"{call}({s}, {r}, cnt_v, {t}, MPI_SUM, {w});"
    if pat in ("gather", "scatter"):
        return f"{call}({s}, {c}, {t}, {r}, {c}, {t}, {root}, {w});"
    if pat in ("allgather", "alltoall"):
        return f"{call}({s}, {c}, {t}, {r}, {c}, {t}, {w}{req});"
    if pat == "gatherv":
        return (f"{call}({s}, cnt_v[rank], {t}, {r}, cnt_v, dsp_v, {t}, "
                f"{root}, {w});")
    if pat == "allgatherv":
        return f"{call}({s}, cnt_v[rank], {t}, {r}, cnt_v, dsp_v, {t}, {w});"
    if pat == "scatterv":
        return (f"{call}({s}, cnt_v, dsp_v, {t}, {r}, cnt_v[rank], {t}, "
                f"{root}, {w});")
    return f"{call}({s}, cnt_v, dsp_v, {t}, {r}, cnt_v, dsp_v, {t}, {w});"


def statement(site, dtype, instrumented):
    if site.kind in ("coll", "pack", "atomic"):
        return comm_statement(site, dtype)
    dst, src = site.dst.accesses[0], site.src.accesses[0]
    if site.call is None:
        if instrumented:
            # REC_COPY names its operands twice: the counter moves after.
            return f"REC_COPY({dst.lvalue()}, {src.lvalue()})" + \
                (", q++;" if site.counter else ";")
        return f"{dst.lvalue(True)} = {src.lvalue(True)};"
    if site.call == "memcpy":
        fn = "rec_memcpy" if instrumented else "memcpy"
        return f"{fn}({dst.address()}, {src.address()}, {site.count});"
    acc = src
    a, c, t = acc.address(), site.count, dtype
    call = site.call
    if call in ("MPI_Send", "MPI_Ssend"):
        return f"{call}({a}, {c}, {t}, 1, 0, MPI_COMM_WORLD);"
    if call == "MPI_Isend":
        return f"{call}({a}, {c}, {t}, 1, 0, MPI_COMM_WORLD, &req);"
    if call == "MPI_Recv":
        return f"{call}({a}, {c}, {t}, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);"
    if call == "MPI_Irecv":
        return f"{call}({a}, {c}, {t}, 0, 0, MPI_COMM_WORLD, &req);"
    if call == "MPI_Accumulate":
        return f"{call}({a}, {c}, {t}, 1, 0, {c}, {t}, MPI_SUM, win);"
    return f"{call}({a}, {c}, {t}, 1, 0, {c}, {t}, win);"


PROLOGUE = ["#include <mpi.h>", "#include <stdlib.h>", "#include <string.h>",
            "void dt_fill(void *);", "void dt_sink(const void *);"]


class Program:
    def __init__(self, seed, index, sites):
        self.seed, self.index, self.sites = seed, index, sites
        self._plain = None

    def plain(self):
        """The source the plugin compiles; sets each site's line range."""
        if self._plain is None:
            self._plain = self._render_plain()
        return self._plain

    def _render_plain(self):
        lines = [f"/* commcost differential test: seed {self.seed}, "
                 f"program {self.index} */"] + PROLOGUE
        for site in self.sites:
            lines.append("")
            text = render_site(site, False)
            site.first_line = len(lines) + 1
            lines += text
            site.last_line = len(lines)
        return "\n".join(lines) + "\n"

    def instrumented(self):
        """The recording build: sites with recorded accesses, and a driver
        reading `site threads rank nvalues values...` lines (a region offset
        and length and a pointer offset per pointer parameter, then the
        integers; threads is also the number of ranks a collective runs
        among, of which the run plays rank)."""
        lines = ['#include "recorder.h"'] + PROLOGUE + [
            "void dt_fill(void *p) { (void)p; }",
            "void dt_sink(const void *p) { (void)p; }"] + DRIVER_ROWS
        for site in self.sites:
            lines.append("")
            lines += render_site(site, True)
        lines.append("")
        lines.append("typedef void (*runner)(unsigned char *, const long *);")
        for site in self.sites:
            lines.append(f"static void run_{site.index}(unsigned char *A, "
                         f"const long *v) {{")
            lines.append("  (void)A, (void)v;")
            ints, ptrs, k = [], [], 0
            tables = []
            for buf in site.buffers:
                if buf.cls == "global":
                    lines.append(f"  rec_region({buf.name}, sizeof "
                                 f"{buf.name});")
                if buf.cls == "rows":
                    # The region of the rows, the table of row pointers
                    # and for T *** the table of planes (neither
                    # registered: their loads are not recorded).
                    t = f"t_{buf.name}"
                    lines.append(f"  rec_region(A + v[{k}], "
                                 f"(size_t)v[{k + 1}]);")
                    lines.append(f"  void **{t} = dt_rows(A + v[{k}], "
                                 f"v[{k + 2}], v[{k + 3}], v[{k + 4}], "
                                 f"v[{k + 5}], v[{k + 6}]);")
                    tables.append(t)
                    if buf.ndim == 3:
                        lines.append(f"  void **{t}p = dt_plane({t}, "
                                     f"v[{k + 7}]);")
                        t += "p"
                        tables.append(t)
                    ptrs.append(f"(void *){t}")
                    k += 8
                elif buf.is_param():
                    lines.append(f"  rec_region(A + v[{k}], (size_t)v[{k + 1}]);")
                    ptrs.append(f"(void *)(A + v[{k + 2}])")
                    k += 3
            for _ in site.int_params:
                ints.append(f"(int)v[{k}]")
                k += 1
            args = ints + ptrs
            if site.win:
                args.append("0")
            lines.append(f"  {site.name}({', '.join(args)});")
            for t in reversed(tables):
                lines.append(f"  free({t});")
            lines.append("}")
        lines.append("static const runner Runners[] = {" + ", ".join(
            f"run_{s.index}" for s in self.sites) + "};")
        lines += DRIVER_MAIN
        return "\n".join(lines) + "\n"


DRIVER_ROWS = r"""
/* A table of row pointers: entries first..n-1 point into region at slots
   of pitch bytes, in the order of a permutation drawn from seed (0: in
   order), each shifted by shift bytes; the entries before first, never
   read, are null. */
static void **dt_rows(unsigned char *region, long first, long n, long pitch,
                      long shift, long seed) {
  long k = n > first ? n - first : 0;
  void **t = malloc((size_t)(n > 0 ? n : 1) * sizeof *t);
  long *perm = malloc((size_t)(k > 0 ? k : 1) * sizeof *perm);
  unsigned long s = (unsigned long)seed;
  for (long i = 0; i < k; ++i)
    perm[i] = i;
  for (long i = k - 1; seed && i > 0; --i) {
    s = s * 6364136223846793005ul + 1442695040888963407ul;
    long j = (long)((s >> 33) % (unsigned long)(i + 1));
    long x = perm[i];
    perm[i] = perm[j];
    perm[j] = x;
  }
  for (long r = 0; r < n; ++r)
    t[r] = r < first ? 0 : region + perm[r - first] * pitch + shift;
  free(perm);
  return t;
}
/* A table of plane + 1 tables of rows, entry plane the rows (T ***). */
static void **dt_plane(void **rows, long plane) {
  void **t = malloc((size_t)(plane + 1) * sizeof *t);
  for (long p = 0; p <= plane; ++p)
    t[p] = p == plane ? (void *)rows : 0;
  return t;
}""".split("\n")
DRIVER_MAIN = r"""
#include <stdio.h>
#ifdef _OPENMP
#include <omp.h>
#endif
enum { ArenaBytes = 1 << 26 };
int main(void) {
  unsigned char *A = aligned_alloc(4096, ArenaBytes);
  unsigned state = 12345;
  for (long i = 0; i < ArenaBytes; ++i) {
    state = state * 1103515245u + 12345u;
    A[i] = (unsigned char)(state >> 16);
  }
  int site, threads, rank, n;
  long v[64];
  while (scanf("%d %d %d %d", &site, &threads, &rank, &n) == 4) {
#ifdef _OPENMP
    omp_set_num_threads(threads);
#endif
    /* Collectives: rank of threads ranks. */
    commcost_fake_size = threads;
    commcost_fake_rank = rank;
    for (int i = 0; i < n; ++i)
      if (scanf("%ld", &v[i]) != 1)
        return 2;
    rec_reset();
    Runners[site](A, v);
    rec_print();
  }
  fflush(stdout);
  return 0;
}""".split("\n")
ARENA_BYTES = 1 << 26


def arguments(site, b, rng):
    """The driver's values for one run of site at binding b, each pointer
    parameter at a random placement its alignment allows, and the
    placements chosen (name -> address mod 64)."""
    values, placements = [], {}
    cursor = 4096
    for buf in site.buffers:
        if buf.cls == "rows":
            cursor = row_arguments(buf, buf.ranges[b], rng, cursor, values,
                                   placements)
            continue
        if not buf.is_param():
            continue
        lo, hi = buf.ranges[b]
        a = buf.placement_align()
        place = rng.randrange(0, LINE, a) if a < LINE else 0
        ptr = -(-(cursor - lo) // 4096) * 4096 + place
        values += [ptr + lo, hi - lo, ptr]
        placements[buf.name] = place
        cursor = ptr + hi + LINE
    if cursor > ARENA_BYTES:
        raise ValueError(f"{site.name}: buffers exceed the arena")
    values += [site.bindings[b][p] for p in site.int_params]
    return values, placements


def row_arguments(buf, rg, rng, cursor, values, placements):
    """Appends the driver's values of a row-pointer buffer (region offset
    and length, first row, rows in the table, pitch, shift, permutation
    seed, plane): the rows disjoint, each in a slot of the region at a
    pitch of at least the bytes a row needs (in elements: sometimes just
    those, the rows abutting, sometimes padded), in a random order of the
    slots (sometimes in order), the region at a random placement the
    element allows; returns the cursor after the region."""
    es = buf.esize
    if rg is None:  # nothing touched
        values += [cursor, 0, 0, 0, es, 0, 0, 0]
        placements[buf.name] = "no rows"
        return cursor
    rlo, rhi, blo, bhi, plane = rg
    need = max(bhi - blo, 1)
    unit = -(-need // es) * es
    pitch = rng.choice([unit, unit, unit + es * rng.randint(1, 8),
                        -(-unit // LINE) * LINE,
                        unit + es * (rng.randrange(LINE) // es)])
    place = rng.randrange(0, LINE, es) if es < LINE else 0
    base = -(-(cursor + max(blo, 0)) // 4096) * 4096 + place
    nrows = rhi - rlo + 1
    length = (nrows - 1) * pitch + need
    seed = 0 if rng.random() < 0.2 else rng.randrange(1, 1 << 31)
    values += [base, length, rlo, rhi + 1, pitch, -blo, seed, max(plane, 0)]
    placements[buf.name] = (f"rows {rlo}..{rhi} at {place} mod 64, pitch "
                            f"{pitch}, row bytes {blo}..{bhi}, order seed "
                            f"{seed}")
    return base + length + LINE


def generate(seed, nsites, per_program):
    """The programs of one run: nsites sites in programs of per_program."""
    gen = Generator(seed)
    programs = []
    for p in range(-(-nsites // per_program)):
        n = min(per_program, nsites - p * per_program)
        sites = [gen.site(k) for k in range(n)]
        programs.append(Program(seed, p, sites))
    return programs


if __name__ == "__main__":
    import sys
    prog = generate(int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[2]))[0]
    sys.stdout.write(prog.instrumented() if len(sys.argv) > 3
                     else prog.plain())
