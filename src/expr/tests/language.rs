//! Literals, operators, precedence, names.

use super::*;

#[test]
fn int_literals() {
    assert_eq!(ev("3"), int(3));
    assert_eq!(ev("0"), int(0));
    assert_eq!(ev("000"), int(0));
    assert_eq!(ev("0x1F"), int(31));
    assert_eq!(ev("0XfF"), int(255));
    assert_eq!(ev("9223372036854775807"), int(i64::MAX));
    assert_eq!(ev("-42"), int(-42));
}

#[test]
fn float_literals() {
    assert_eq!(ev("1.5"), float(1.5));
    assert_eq!(ev(".5"), float(0.5));
    assert_eq!(ev("2."), float(2.0));
    assert_eq!(ev("1e-3"), float(0.001));
    assert_eq!(ev("1E3"), float(1000.0));
    assert_eq!(ev("2.5e+2"), float(250.0));
    assert_eq!(ev("1.e2"), float(100.0));
    assert_eq!(ev("1e-999"), float(0.0));
}

#[test]
fn string_literals() {
    assert_eq!(ev("'abc'"), text("abc"));
    assert_eq!(ev("\"abc\""), text("abc"));
    assert_eq!(ev("''"), text(""));
    assert_eq!(ev(r#"'a\\b'"#), text("a\\b"));
    assert_eq!(ev(r#"'it\'s'"#), text("it's"));
    assert_eq!(ev(r#""say \"hi\"""#), text("say \"hi\""));
    assert_eq!(ev(r#"'a\nb\tc'"#), text("a\nb\tc"));
    assert_eq!(ev(r#"'keep \d'"#), text("keep \\d"));
    assert_eq!(ev("\"it's\""), text("it's"));
    assert_eq!(ev("'ünï'"), text("ünï"));
}

#[test]
fn constant_and_container_literals() {
    assert_eq!(ev("True"), T);
    assert_eq!(ev("False"), F);
    assert_eq!(ev("None"), Value::None);
    assert_eq!(ev("[]"), list(vec![]));
    assert_eq!(
        ev("[1, 2.5, 'a']"),
        list(vec![int(1), float(2.5), text("a")])
    );
    assert_eq!(
        ev("[1, [2, 3],]"),
        list(vec![int(1), list(vec![int(2), int(3)])])
    );
    assert_eq!(ev("(1, 'b')"), list(vec![int(1), text("b")]));
    assert_eq!(ev("(1,)"), list(vec![int(1)]));
    assert_eq!(ev("()"), list(vec![]));
    assert_eq!(ev("(1)"), int(1));
    assert_eq!(ev("((((2))))"), int(2));
    assert_eq!(ev("  ( 1 +\n 2 )  "), int(3));
}

#[test]
fn precedence() {
    assert_eq!(ev("1 + 2 * 3 == 7"), T);
    assert_eq!(ev("1 + 2 * 3"), int(7));
    assert_eq!(ev("(1 + 2) * 3"), int(9));
    assert_eq!(ev("2 ** 3 ** 2 == 512"), T);
    assert_eq!(ev("2 ** 3 ** 2"), int(512));
    assert_eq!(ev("-2 ** 2 == -4"), T);
    assert_eq!(ev("-2 ** 2"), int(-4));
    assert_eq!(ev("(-2) ** 2"), int(4));
    assert_eq!(ev("2 ** -1"), float(0.5));
    assert_eq!(ev("10 - 4 - 3"), int(3));
    assert_eq!(ev("2 * 3 % 4"), int(2));
    assert_eq!(ev("not 1 == 2"), T);
    assert_eq!(ev("not 1 and 0"), F);
    assert_eq!(ev("1 or 0 and 0"), int(1));
    assert_eq!(ev("- - 3"), int(3));
    assert_eq!(ev("+3"), int(3));
    assert_eq!(ev("-[1, 2][0]"), int(-1));
    assert_eq!(ev("1 + 2 if False else 10 * 2"), int(20));
}

#[test]
fn conditional_expressions() {
    assert_eq!(ev("'a' if True else 'b'"), text("a"));
    assert_eq!(ev("'a' if 0 else 'b'"), text("b"));
    assert_eq!(ev("1 if False else 2 if False else 3"), int(3));
    assert_eq!(ev("1 if True else param('Missing')"), int(1));
    assert_eq!(ev("param('Missing') if False else 2"), int(2));
    assert_eq!(
        ev("'THIS_A' if param('Count') > 2 else 'THIS_B'"),
        text("THIS_B")
    );
    assert_err("1 if True", "expected 'else'", 10);
}

#[test]
fn short_circuit() {
    assert_eq!(ev("False and param(\"Missing\")"), F);
    assert_eq!(ev("True or param(\"Missing\")"), T);
    assert_eq!(ev("0 and 1 / 0"), int(0));
    assert_eq!(ev("1 or 1 / 0"), int(1));
    assert_eq!(ev("0 or 'x'"), text("x"));
    assert_eq!(ev("'' and 1"), text(""));
    assert_eq!(ev("1 and 2"), int(2));
    assert_eq!(ev("None or []"), list(vec![]));
    assert_eq!(ev("1 > 2 < param('Missing')"), F);
    assert_err(
        "True and param(\"Missing\")",
        "unknown parameter 'Missing'",
        10,
    );
}

#[test]
fn membership() {
    assert_eq!(ev("2 in [1, 2, 3]"), T);
    assert_eq!(ev("2.0 in [1, 2, 3]"), T);
    assert_eq!(ev("4 in [1, 2, 3]"), F);
    assert_eq!(ev("4 not in [1, 2, 3]"), T);
    assert_eq!(ev("'b' in 'abc'"), T);
    assert_eq!(ev("'bc' in 'abc'"), T);
    assert_eq!(ev("'' in 'abc'"), T);
    assert_eq!(ev("'d' not in 'abc'"), T);
    assert_eq!(ev("[1] in [[1], [2]]"), T);
    assert_eq!(ev("coordType in ('vec2', 'vec3')"), T);
    assert_err("1 in 'abc'", "requires string as left operand, not int", 3);
    assert_err("1 in 5", "argument of type 'int' is not iterable", 3);
}

#[test]
fn comparisons_and_chains() {
    assert_eq!(ev("1 < 2 < 3"), T);
    assert_eq!(ev("1 < 3 < 2"), F);
    assert_eq!(ev("3 > 2 == 2"), T);
    assert_eq!(ev("1 <= 1 >= 0 != 5"), T);
    assert_eq!(ev("1 == 1.0"), T);
    assert_eq!(ev("1 < 1.5"), T);
    assert_eq!(ev("2 >= 2.0"), T);
    assert_eq!(ev("9007199254740993 > 9007199254740992.0"), T);
    assert_eq!(ev("'1' == 1"), F);
    assert_eq!(ev("'1' != 1"), T);
    assert_eq!(ev("None == 0"), F);
    assert_eq!(ev("[1, 2] == [1, 2.0]"), T);
    assert_eq!(ev("[1, 2] < [1, 3]"), T);
    assert_eq!(ev("[1, 2] < [1, 2, 0]"), T);
    assert_eq!(ev("'abc' < 'abd'"), T);
    assert_eq!(ev("True == 1"), T);
    assert_eq!(ev("None is None"), T);
    assert_eq!(ev("1 is not None"), T);
    assert_eq!(ev("False is 0"), F);
    assert_eq!(ev("'a' is 'a'"), T);
    assert_err(
        "'a' < 1",
        "'<' not supported between instances of 'str' and 'int'",
        5,
    );
    assert_err(
        "1 < 2 >= None",
        "'>=' not supported between instances of 'int' and 'NoneType'",
        7,
    );
    assert_err("[1] < ['a']", "'int' and 'str'", 5);
}

#[test]
fn arithmetic() {
    assert_eq!(ev("7 / 2"), float(3.5));
    assert_eq!(ev("6 / 2"), float(3.0));
    assert_eq!(ev("7 // 2"), int(3));
    assert_eq!(ev("-7 // 2"), int(-4));
    assert_eq!(ev("7 // -2"), int(-4));
    assert_eq!(ev("-7 % 2"), int(1));
    assert_eq!(ev("7 % -2"), int(-1));
    assert_eq!(ev("-7.5 // 2"), float(-4.0));
    assert_eq!(ev("7.5 % -2"), float(-0.5));
    assert_eq!(ev("-7.5 % 2"), float(0.5));
    assert_eq!(ev("1.5 + 1"), float(2.5));
    assert_eq!(ev("True + True"), int(2));
    assert_eq!(ev("2 ** 0.5 > 1.41"), T);
    assert_eq!(ev("2.0 ** 3"), float(8.0));
    assert_eq!(ev("(-8) ** 2"), int(64));
    assert_eq!(ev("1 ** 99999999999"), int(1));
    assert_eq!(ev("(-1) ** 99999999999"), int(-1));
    assert_eq!(ev("'ab' + 'cd'"), text("abcd"));
    assert_eq!(ev("'ab' * 3"), text("ababab"));
    assert_eq!(ev("2 * 'ab'"), text("abab"));
    assert_eq!(ev("'ab' * -1"), text(""));
    assert_eq!(ev("[1] * 3"), list(vec![int(1), int(1), int(1)]));
    assert_eq!(ev("[1] + [2]"), list(vec![int(1), int(2)]));
    assert_eq!(ev("(1, 2) + [3]"), list(vec![int(1), int(2), int(3)]));
}

#[test]
fn arithmetic_errors() {
    assert_err("1 / 0", "division by zero", 3);
    assert_err("1 // 0", "division by zero", 3);
    assert_err("1 % 0", "division by zero", 3);
    assert_err("1.5 / 0.0", "division by zero", 5);
    assert_err("1.5 % 0", "division by zero", 5);
    assert_err("9223372036854775807 + 1", "integer overflow", 21);
    assert_err("-9223372036854775807 - 2", "integer overflow", 22);
    assert_err("2 ** 64", "integer overflow", 3);
    assert_err("10 ** 10 ** 10", "integer overflow", 4);
    assert_err("3037000500 * 3037000500", "integer overflow", 12);
    assert_err("(-9223372036854775807 - 1) // -1", "integer overflow", 28);
    assert_err("abs(-9223372036854775807 - 1)", "integer overflow", 1);
    assert_err("1e308 * 10", "float result out of range", 7);
    assert_err("0 ** -1", "zero cannot be raised", 3);
    assert_err("(-8.0) ** 0.5", "fractional power", 8);
    assert_err(
        "'a' + 1",
        "unsupported operand types for +: 'str' and 'int'",
        5,
    );
    assert_err(
        "[1] - [1]",
        "unsupported operand types for -: 'list' and 'list'",
        5,
    );
    assert_err("'a' * 1.5", "'str' and 'float'", 5);
    assert_err("-'a'", "bad operand type for unary -: 'str'", 1);
    assert_err("'a' * 100000000000", "result too large", 5);
    assert_err("[[0] * 1000000] * 1000000", "result too large", 17);
    assert_err("'x' * 900000 + 'y' * 900000", "result too large", 14);
}

#[test]
fn subscripts() {
    assert_eq!(ev("[10, 20, 30][0]"), int(10));
    assert_eq!(ev("[10, 20, 30][-1]"), int(30));
    assert_eq!(ev("[10, 20, 30][-3]"), int(10));
    assert_eq!(ev("'hello'[1]"), text("e"));
    assert_eq!(ev("'hello'[-1]"), text("o"));
    assert_eq!(ev("'ünï'[1]"), text("n"));
    assert_eq!(ev("[[1, 2], [3, 4]][1][0]"), int(3));
    assert_eq!(ev("params.Offsets[1]"), int(2));
    assert_eq!(ev("param('Offsets')[-1]"), int(-3));
    assert_err("[1, 2][2]", "list index out of range", 7);
    assert_err("[1, 2][-3]", "list index out of range", 7);
    assert_err("'ab'[5]", "string index out of range", 5);
    assert_err(
        "[1][-9223372036854775807 - 1]",
        "list index out of range",
        4,
    );
    assert_err("[1]['a']", "list indices must be integers, not 'str'", 4);
    assert_err("5[0]", "'int' object is not subscriptable", 2);
}

#[test]
fn params_access() {
    assert_eq!(ev("params.Count"), int(1));
    assert_eq!(ev("param('Count')"), int(1));
    assert_eq!(ev("param(\"Radius\")"), float(0.5));
    assert_eq!(ev("params.Radius * 2"), float(1.0));
    assert_eq!(ev("params.Mode == 'smooth'"), T);
    assert_eq!(ev("param('Mo' + 'de')"), text("smooth"));
    assert_eq!(ev("params.Enable and params.Count"), int(1));
    assert_err("params.Missing", "unknown parameter 'Missing'", 1);
    assert_err("1 + param('Missing')", "unknown parameter 'Missing'", 5);
    assert_err("param(1)", "param() argument must be a str, not 'int'", 1);
    assert_err("params", "'params' must be followed by '.Name'", 1);
    assert_err("params.", "expected a parameter name", 8);
    assert_err("params.Count.real", "attribute access is only allowed", 13);
}

#[test]
fn env_names_and_has_input() {
    assert_eq!(ev("coordType"), text("vec3"));
    assert_eq!(ev("contextType"), text("Context"));
    assert_eq!(ev("returnType"), text("Sdf"));
    assert_eq!(ev("returnType == 'Sdf' and coordType != 'vec2'"), T);
    assert_eq!(ev("hasInput(1)"), T);
    assert_eq!(ev("hasInput(2)"), F);
    assert_eq!(ev("hasInput(3)"), T);
    assert_eq!(ev("not hasInput(2)"), T);
    assert_eq!(ev("'A' if hasInput(1) else 'B'"), text("A"));
    assert_eq!(ev("inputSize(3)"), Value::Int(30));
    assert_eq!(ev("inputSize(2)"), Value::Int(0));
    assert_eq!(ev("inputSize(1) > 8"), T);
    assert_err(
        "inputSize('1')",
        "inputSize() argument must be an int, not 'str'",
        1,
    );
    assert_err(
        "hasInput('1')",
        "hasInput() argument must be an int, not 'str'",
        1,
    );
    assert_err(
        "hasInput()",
        "hasInput() takes exactly 1 argument (0 given)",
        1,
    );
}
