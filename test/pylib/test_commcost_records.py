"""Tests of the expression evaluator in commcost_records: random expressions
of the grammar, each built together with its value computed by C's rules,
and the sizes the plugin really emits (a sum of thousands of floor sums
broke Python's parser once)."""
import os
import random
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import commcost_records as cr  # noqa: E402


def c_div(a, b):
    q = abs(a) // abs(b)
    return q if (a < 0) == (b < 0) else -q


def random_expression(rng, env, depth):
    """(text, value): an expression of the grammar and its value in env."""
    if depth == 0 or rng.random() < 0.2:
        if rng.random() < 0.5:
            name = rng.choice(sorted(env))
            return name, env[name]
        v = rng.randint(0, 40)
        return str(v), v
    a, av = random_expression(rng, env, depth - 1)
    b, bv = random_expression(rng, env, depth - 1)
    op = rng.choice(["+", "-", "*", "/", "%", "neg", "min", "max",
                     "floordiv", "ceildiv", "gcd"])
    if op in ("/", "%", "floordiv", "ceildiv") and bv == 0:
        b, bv = f"({b} + 1)", bv + 1
    if op == "+":
        return f"{a} + {b}", av + bv
    if op == "-":
        return f"{a} - ({b})", av - bv
    if op == "*":
        return f"({a}) * ({b})", av * bv
    if op == "/":
        return f"({a}) / ({b})", c_div(av, bv)
    if op == "%":
        return f"({a}) % ({b})", av - c_div(av, bv) * bv
    if op == "neg":
        return f"-({a})", -av
    if op == "floordiv":
        return f"floordiv({a}, {b})", av // bv
    if op == "ceildiv":
        return f"ceildiv({a}, {b})", -(-av // bv)
    if op == "gcd":
        import math
        return f"gcd({a}, {b})", math.gcd(av, bv)
    return f"{op}({a}, {b})", (min if op == "min" else max)(av, bv)


class Evaluate(unittest.TestCase):
    def test_random_expressions_follow_c(self):
        rng = random.Random(int(os.environ.get("SEED", "20261126")))
        for _ in range(2000):
            env = {"n": rng.randint(-50, 50), "p->nx": rng.randint(-9, 9),
                   "w[0]": rng.randint(-9, 9)}
            text, value = random_expression(rng, env, 5)
            self.assertEqual(cr.evaluate(text, env), value, text)

    def test_left_to_right_chains(self):
        self.assertEqual(cr.evaluate("10 - 3 - 2", {}), 5)
        self.assertEqual(cr.evaluate("-7 / 2 * 3", {}), -9)
        self.assertEqual(cr.evaluate("100 / 7 % 4 * 3", {}), 6)

    def test_long_sums_and_products(self):
        n = 20000
        text = " + ".join(["(x - 1) * 2"] * n) + " - " + " * ".join(["x"] * 3000)
        self.assertEqual(cr.evaluate(text, {"x": 3}), 4 * n - 3 ** 3000)

    def test_deep_parentheses(self):
        depth = 120  # the plugin writes at most ~15
        self.assertEqual(cr.evaluate("(" * depth + "x" + " + 1)" * depth,
                                     {"x": 1}), depth + 1)

    def test_bad_input_is_named(self):
        with self.assertRaisesRegex(cr.EvalError, "unbound name 'y'"):
            cr.evaluate("x + y", {"x": 1})
        with self.assertRaisesRegex(cr.EvalError, "unknown function"):
            cr.evaluate("sqrt(4)", {})
        with self.assertRaisesRegex(cr.EvalError, "division by zero"):
            cr.evaluate("x / 0", {"x": 1})


if __name__ == "__main__":
    unittest.main()
