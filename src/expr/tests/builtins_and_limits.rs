//! Built-in functions, forbidden constructs, errors and limits, fuzzing.

use super::*;

#[test]
fn builtin_str_int_float_bool() {
    assert_eq!(ev("str(1.0)"), text("1.0"));
    assert_eq!(ev("str(1.0) == '1.0'"), T);
    assert_eq!(ev("str(3)"), text("3"));
    assert_eq!(ev("str(True)"), text("True"));
    assert_eq!(ev("str(None)"), text("None"));
    assert_eq!(ev("str('x')"), text("x"));
    assert_eq!(ev("str([1, 'a'])"), text("[1, 'a']"));
    assert_eq!(ev("str()"), text(""));
    assert_eq!(ev("int('3')"), int(3));
    assert_eq!(ev("int(' -12 ')"), int(-12));
    assert_eq!(ev("int(2.7)"), int(2));
    assert_eq!(ev("int(2.7) == 2"), T);
    assert_eq!(ev("int(-2.7)"), int(-2));
    assert_eq!(ev("int(True)"), int(1));
    assert_eq!(ev("int()"), int(0));
    assert_eq!(ev("float('2.5')"), float(2.5));
    assert_eq!(ev("float(' 1e3 ')"), float(1000.0));
    assert_eq!(ev("float(3)"), float(3.0));
    assert_eq!(ev("float(False)"), float(0.0));
    assert_eq!(ev("float()"), float(0.0));
    assert_eq!(ev("bool(0)"), F);
    assert_eq!(ev("bool('x')"), T);
    assert_eq!(ev("bool([])"), F);
    assert_eq!(ev("bool()"), F);
    assert_err(
        "int('abc')",
        "invalid literal for int() with base 10: 'abc'",
        1,
    );
    assert_err("int('2.5')", "invalid literal for int()", 1);
    assert_err("int('99999999999999999999')", "integer overflow", 1);
    assert_err("int(1e300)", "integer overflow", 1);
    assert_err(
        "int([1])",
        "int() argument must be a string or a number, not 'list'",
        1,
    );
    assert_err("float('x')", "could not convert string to float: 'x'", 1);
    assert_err("float('inf')", "not finite", 1);
    assert_err("str(1, 2)", "str() takes at most 1 argument (2 given)", 1);
}

#[test]
fn builtin_min_max_len_abs_round() {
    assert_eq!(ev("min(3, 1, 2)"), int(1));
    assert_eq!(ev("max(3, 1, 2)"), int(3));
    assert_eq!(ev("min([4, 2.5, 3])"), float(2.5));
    assert_eq!(ev("max([4, 2.5, 3])"), int(4));
    assert_eq!(ev("max(1, 1.0)"), int(1));
    assert_eq!(ev("min('b', 'a')"), text("a"));
    assert_eq!(ev("max('abc')"), text("c"));
    assert_eq!(ev("min(params.Count, 4)"), int(1));
    assert_err("min([])", "min() arg is an empty sequence", 1);
    assert_err(
        "max(1, 'a')",
        "'>' not supported between instances of 'str' and 'int'",
        1,
    );
    assert_err("min(5)", "'int' object is not iterable", 1);
    assert_err("max()", "max() takes at least 1 argument (0 given)", 1);

    assert_eq!(ev("len('abc')"), int(3));
    assert_eq!(ev("len('ünï')"), int(3));
    assert_eq!(ev("len([1, 2])"), int(2));
    assert_eq!(ev("len(())"), int(0));
    assert_err("len(3)", "object of type 'int' has no len()", 1);
    assert_err(
        "len('a', 'b')",
        "len() takes exactly 1 argument (2 given)",
        1,
    );

    assert_eq!(ev("abs(-3)"), int(3));
    assert_eq!(ev("abs(-2.5)"), float(2.5));
    assert_eq!(ev("abs(True)"), int(1));
    assert_err("abs('a')", "bad operand type for abs(): 'str'", 1);

    assert_eq!(ev("round(2.5)"), int(2));
    assert_eq!(ev("round(3.5)"), int(4));
    assert_eq!(ev("round(-2.5)"), int(-2));
    assert_eq!(ev("round(2.6)"), int(3));
    assert_eq!(ev("round(7)"), int(7));
    assert_eq!(ev("round(2.675, 2)"), float(2.67));
    assert_eq!(ev("round(0.125, 2)"), float(0.12));
    assert_eq!(ev("round(0.375, 2)"), float(0.38));
    assert_eq!(ev("round(1.23456, 3)"), float(1.235));
    assert_eq!(ev("round(2.5, 0)"), float(2.0));
    assert_eq!(ev("round(2.5, None)"), int(2));
    assert_eq!(ev("round(1234, -2)"), int(1200));
    assert_eq!(ev("round(1250, -2)"), int(1200));
    assert_eq!(ev("round(1350, -2)"), int(1400));
    assert_eq!(ev("round(-1350, -2)"), int(-1400));
    assert_eq!(ev("round(1250.0, -2)"), float(1200.0));
    assert_eq!(ev("round(1251.3, -2)"), float(1300.0));
    assert_eq!(ev("round(5, 2)"), int(5));
    assert_err("round('a')", "type str doesn't define __round__ method", 1);
    assert_err(
        "round(1.5, 1.5)",
        "'float' object cannot be interpreted as an integer",
        1,
    );
    assert_err(
        "round(1, 2, 3)",
        "round() takes 1 to 2 arguments (3 given)",
        1,
    );
    assert_err("round(1e300)", "integer overflow", 1);
}

#[test]
fn forbidden_calls_and_constructs() {
    assert_err("open(\"x\")", "function 'open' is not allowed", 1);
    assert_err(
        "__import__(\"os\")",
        "function '__import__' is not allowed",
        1,
    );
    assert_err("1 + eval('1')", "function 'eval' is not allowed", 5);
    assert_err("exec('x = 1')", "function 'exec' is not allowed", 1);
    assert_err("getattr(1, 'real')", "function 'getattr' is not allowed", 1);
    // Forbidden calls are refused even where they would not be reached.
    assert_err("False and open('x')", "function 'open' is not allowed", 11);
    assert_err("().__class__", "attribute access is only allowed", 3);
    assert_err("'a'.upper()", "attribute access is only allowed", 4);
    assert_err("(min)(1, 2)", "function 'min' must be called", 2);
    assert_err(
        "param('Count')(1)",
        "only the allowed functions can be called",
        15,
    );
    assert_err("lambda: 1", "'lambda' is not supported", 1);
    assert_err("[x for x in [1]]", "unknown name 'x'", 2);
    assert_err("[1 for x in [1]]", "unexpected 'for'", 4);
    assert_err("import os", "'import' is not supported", 1);
    assert_err("x = 1", "unknown name 'x'", 1);
    assert_err("1 = 1", "unexpected '='", 3);
    assert_err("round(1, ndigits=2)", "unknown name 'ndigits'", 10);
    assert_err("round(1, True=2)", "unexpected '='", 14);
    assert_err("{1: 2}", "unexpected '{'", 1);
    assert_err("[1, 2][0:1]", "unexpected ':'", 9);
    assert_err("f'x'", "unknown name 'f'", 1);
}

#[test]
fn unknown_name_column() {
    let e = ev_err("1 + foo");
    assert_eq!(e.message, "unknown name 'foo'");
    assert_eq!(e.column, 5);
    assert_eq!(e.to_string(), "unknown name 'foo' (column 5)");
    assert_err("  bar", "unknown name 'bar'", 3);
    assert_err("'ü' + ünknown", "unknown name 'ünknown'", 7);
    assert_err("true", "unknown name 'true'", 1);
}

#[test]
fn syntax_errors() {
    assert_err("", "empty expression", 1);
    assert_err("   ", "empty expression", 1);
    assert_err("1 +", "unexpected end of expression", 4);
    assert_err("(1", "unexpected end of expression, expected ')'", 3);
    assert_err("[1, 2", "expected ']'", 6);
    assert_err("1 2", "unexpected '2'", 3);
    assert_err("1 + 2 x", "unexpected 'x'", 7);
    assert_err("'abc", "unterminated string", 1);
    assert_err("1 + \"abc", "unterminated string", 5);
    assert_err("'abc\\'", "unterminated string", 1);
    assert_err("'a\nb'", "unterminated string", 1);
    assert_err("1 $ 2", "unexpected '$'", 3);
    assert_err("1 ! 2", "unexpected '!'", 3);
    assert_err("99999999999999999999", "integer literal too large", 1);
    assert_err("0xFFFFFFFFFFFFFFFFFF", "integer literal too large", 1);
    assert_err("1e999", "float literal too large", 1);
    assert_err("1 + 3abc", "invalid number literal '3abc'", 5);
    assert_err("1e", "invalid number literal", 1);
    assert_err("0x", "invalid number literal", 1);
    assert_err("012", "leading zeros", 1);
    assert_err("1..2", "unexpected '.2'", 3);
    assert_err("not", "unexpected end of expression", 4);
    assert_err("and 1", "unexpected 'and'", 1);
    assert_err("1 not 2", "unexpected 'not'", 3);
    assert_err("1 is", "unexpected end of expression", 5);
    assert_err(",", "unexpected ','", 1);
    assert_err("[,]", "unexpected ','", 2);
    assert_err("len", "function 'len' must be called", 1);
}

#[test]
fn nesting_limits() {
    let ok = format!("{}1{}", "(".repeat(60), ")".repeat(60));
    assert_eq!(ev(&ok), int(1));
    let ok = format!("{}1{}", "[".repeat(60), "]".repeat(60));
    assert!(matches!(ev(&ok), Value::List(_)));
    let ok = format!("1{}", " + 1".repeat(127));
    assert_eq!(ev(&ok), int(128));
    assert_err(
        &format!("1{}", " + 1".repeat(128)),
        "expression nested too deeply",
        511,
    );
    // Deepest brackets around the deepest tree.
    let ok = format!(
        "{}1{}{}",
        "(".repeat(63),
        " + 1".repeat(127),
        ")".repeat(63)
    );
    assert_eq!(ev(&ok), int(128));
    let ok = format!("{}1{}", "len([".repeat(31), "])".repeat(31));
    assert_eq!(ev(&ok), int(1));

    let deep = format!("{}1{}", "(".repeat(1000), ")".repeat(1000));
    assert_err(&deep, "expression nested too deeply", 65);
    let deep = format!("{}1{}", "[".repeat(100), "]".repeat(100));
    assert_eq!(ev_err(&deep).message, "expression nested too deeply");
    for deep in [
        format!("{}1", "-".repeat(10_000)),
        format!("{}1", "not ".repeat(10_000)),
        format!("2{}", " ** 2".repeat(10_000)),
        format!("1{}", " + 1".repeat(10_000)),
        format!("1{}", " and 1".repeat(10_000)),
        format!("{}1", "1 if 1 else ".repeat(10_000)),
        format!("1{}", "[0]".repeat(10_000)),
        format!("{}1{}", "len([".repeat(1000), "])".repeat(1000)),
    ] {
        let e = ev_err(&deep);
        assert_eq!(e.message, "expression nested too deeply", "{}", &deep[..20]);
        assert!(check_syntax(&deep).is_err());
    }
    // Long flat expressions are fine.
    let long = format!("[{}]", "1, ".repeat(10_000));
    assert!(matches!(ev(&long), Value::List(v) if v.len() == 10_000));
    let chain = format!("0{}", " < 1".repeat(1000));
    assert_eq!(ev(&chain), F);
}

#[test]
fn truthiness_table() {
    let cases = [
        (Value::None, false),
        (F, false),
        (T, true),
        (int(0), false),
        (int(-1), true),
        (float(0.0), false),
        (float(-0.0), false),
        (float(0.1), true),
        (float(f64::NAN), true),
        (text(""), false),
        (text("0"), true),
        (list(vec![]), false),
        (list(vec![Value::None]), true),
    ];
    for (value, expected) in cases {
        assert_eq!(value.truthy(), expected, "{value:?}");
    }
    assert_eq!(ev("bool(0.0) or bool('') or bool([]) or bool(None)"), F);
}

#[test]
fn to_text_and_type_name() {
    assert_eq!(int(3).to_text(), "3");
    assert_eq!(int(-3).to_text(), "-3");
    assert_eq!(float(1.0).to_text(), "1.0");
    assert_eq!(float(0.25).to_text(), "0.25");
    assert_eq!(float(12.0).to_text(), "12.0");
    assert_eq!(float(3.5).to_text(), "3.5");
    assert_eq!(float(0.001).to_text(), "0.001");
    assert_eq!(float(0.0001).to_text(), "0.0001");
    assert_eq!(float(1e-5).to_text(), "1e-05");
    assert_eq!(float(2.5e-7).to_text(), "2.5e-07");
    assert_eq!(float(1e15).to_text(), "1000000000000000.0");
    assert_eq!(float(1e16).to_text(), "1e+16");
    assert_eq!(float(1.5e300).to_text(), "1.5e+300");
    assert_eq!(
        float(123_456_789_012_345_680.0).to_text(),
        "1.2345678901234568e+17"
    );
    assert_eq!(float(0.1 + 0.2).to_text(), "0.30000000000000004");
    assert_eq!(float(1.0 / 3.0).to_text(), "0.3333333333333333");
    assert_eq!(float(-2.5).to_text(), "-2.5");
    assert_eq!(float(0.0).to_text(), "0.0");
    assert_eq!(float(-0.0).to_text(), "-0.0");
    assert_eq!(float(123.456).to_text(), "123.456");
    assert_eq!(T.to_text(), "True");
    assert_eq!(F.to_text(), "False");
    assert_eq!(Value::None.to_text(), "None");
    assert_eq!(text("raw 'text'").to_text(), "raw 'text'");
    assert_eq!(
        list(vec![int(1), float(2.5), text("a")]).to_text(),
        "[1, 2.5, 'a']"
    );
    assert_eq!(
        list(vec![
            text("it's"),
            text("a\nb"),
            list(vec![]),
            Value::None,
            T
        ])
        .to_text(),
        "[\"it's\", 'a\\nb', [], None, True]"
    );
    assert_eq!(ev("str(2 * 0.5)"), text("1.0"));
    assert_eq!(ev("str(1 / 4)"), text("0.25"));

    let names: Vec<&str> = [Value::None, T, int(1), float(1.0), text(""), list(vec![])]
        .iter()
        .map(Value::type_name)
        .collect();
    assert_eq!(names, ["NoneType", "bool", "int", "float", "str", "list"]);
}

#[test]
fn macro_table_cells() {
    assert_eq!(ev("param(\"Count\") > 2"), F);
    assert_eq!(ev("'THIS_USE_THINGS'"), text("THIS_USE_THINGS"));
    assert_eq!(ev("'vec2(0.3, 0.1)'"), text("vec2(0.3, 0.1)"));
    assert_eq!(ev("'THIS_FOO 3.5'"), text("THIS_FOO 3.5"));
    assert_eq!(
        ev("'THIS_RADIUS ' + str(params.Radius)"),
        text("THIS_RADIUS 0.5")
    );
    assert_eq!(
        ev("'vec2(' + str(float(params.Count)) + ', 0.1)'"),
        text("vec2(1.0, 0.1)")
    );
}

#[test]
fn check_syntax_does_not_evaluate() {
    assert_eq!(check_syntax("param('Missing') > 2"), Ok(()));
    assert_eq!(check_syntax("1 / 0"), Ok(()));
    assert_eq!(check_syntax("params.Anything + hasInput(9)"), Ok(()));
    assert_eq!(check_syntax("'a' if coordType == 'vec2' else 'b'"), Ok(()));
    let e = check_syntax("1 + ").unwrap_err();
    assert_eq!(e.column, 5);
    let e = check_syntax("open('x')").unwrap_err();
    assert_eq!(e.message, "function 'open' is not allowed");
    let e = check_syntax("foo").unwrap_err();
    assert_eq!(e.message, "unknown name 'foo'");
    let e = check_syntax("len(1, 2)").unwrap_err();
    assert!(e.message.contains("takes exactly 1 argument"));
}

#[test]
fn reserved_names() {
    for name in [
        "True",
        "False",
        "None",
        "param",
        "params",
        "hasInput",
        "coordType",
        "contextType",
        "returnType",
        "str",
        "int",
        "float",
        "bool",
        "min",
        "max",
        "len",
        "abs",
        "round",
        "and",
        "or",
        "not",
        "in",
        "if",
        "else",
        "is",
    ] {
        assert!(is_reserved_name(name), "{name}");
    }
    for name in ["Count", "Radius", "true", "none", "open", "x", ""] {
        assert!(!is_reserved_name(name), "{name}");
    }
}

#[test]
fn fuzz_no_panics() {
    const CHARS: &[u8] = b"()[]+-*/%<>=!'\"abc123., ";
    let env = TestEnv::new();
    let mut state: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut next = move || {
        // xorshift64*
        state ^= state >> 12;
        state ^= state << 25;
        state ^= state >> 27;
        state.wrapping_mul(0x2545_F491_4F6C_DD1D)
    };
    let mut ok = 0;
    for _ in 0..5000 {
        let len = (next() % 16) as usize;
        let src: String = (0..len)
            .map(|_| CHARS[(next() % CHARS.len() as u64) as usize] as char)
            .collect();
        match eval(&src, &env) {
            Ok(_) => ok += 1,
            Err(e) => {
                let max_col = src.chars().count() + 1;
                assert!(
                    (1..=max_col).contains(&e.column),
                    "{src:?}: column {} out of range",
                    e.column
                );
                assert!(!e.message.is_empty());
            }
        }
        assert_eq!(check_syntax(&src).is_ok(), parse(&src).is_ok());
    }
    // Some random inputs are valid expressions (e.g. "1", "'a'", "(2)").
    assert!(ok > 0);
}

#[test]
fn fuzz_keywords_no_panics() {
    const WORDS: &[&str] = &[
        "(",
        ")",
        "[",
        "]",
        ",",
        "+",
        "-",
        "*",
        "**",
        "/",
        "//",
        "%",
        "<",
        "==",
        "not",
        "in",
        "is",
        "and",
        "or",
        "if",
        "else",
        "1",
        "0",
        "2.5",
        "'s'",
        "True",
        "None",
        "params.Count",
        "param('Radius')",
        "len(",
        "min(",
        "round(",
        "hasInput(",
        "str(",
        "int(",
        "[1, 2]",
        "9223372036854775807",
        "1e308",
        ".",
    ];
    let env = TestEnv::new();
    let mut state: u64 = 12345;
    let mut next = move || {
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        state >> 33
    };
    for _ in 0..5000 {
        let n = next() % 10;
        let src: Vec<&str> = (0..n)
            .map(|_| WORDS[(next() % WORDS.len() as u64) as usize])
            .collect();
        let src = src.join(" ");
        if let Err(e) = eval(&src, &env) {
            assert!((1..=src.chars().count() + 1).contains(&e.column), "{src:?}");
        }
    }
}
