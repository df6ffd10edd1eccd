//! Recursive descent with Python precedence, depth-capped.

use super::*;

/// Python keywords for statements and constructs this language leaves out.
pub(super) const UNSUPPORTED_KEYWORDS: &[&str] = &[
    "lambda", "for", "while", "import", "from", "def", "class", "return", "yield", "await",
    "async", "with", "del", "global", "nonlocal", "assert", "pass", "break", "continue", "raise",
    "try", "except", "finally", "elif", "as",
];

pub(super) fn parse(src: &str) -> Res<Node> {
    let toks = lex(src);
    let mut p = Parser {
        toks,
        pos: 0,
        nesting: 0,
    };
    if p.peek().tok == Tok::End {
        return fail(1, "empty expression");
    }
    let tree = p.expr()?;
    if p.peek().tok != Tok::End {
        return Err(p.unexpected());
    }
    Ok(tree)
}

pub(super) struct Parser {
    /// Always ends with a `Tok::End` token.
    pub(super) toks: Vec<Token>,
    pub(super) pos: usize,
    pub(super) nesting: usize,
}

impl Parser {
    pub(super) fn peek(&self) -> &Token {
        &self.toks[self.pos]
    }

    pub(super) fn peek_at(&self, ahead: usize) -> &Token {
        let last = self.toks.len() - 1;
        &self.toks[(self.pos + ahead).min(last)]
    }

    pub(super) fn advance(&mut self) -> Token {
        let t = self.toks[self.pos].clone();
        if self.pos + 1 < self.toks.len() {
            self.pos += 1;
        }
        t
    }

    pub(super) fn is_op(&self, op: &str) -> bool {
        matches!(&self.peek().tok, Tok::Op(o) if *o == op)
    }

    pub(super) fn is_kw(&self, kw: &str) -> bool {
        matches!(&self.peek().tok, Tok::Name(n) if n == kw)
    }

    pub(super) fn unexpected(&self) -> ExprError {
        let t = self.peek();
        let message = match &t.tok {
            Tok::End => "unexpected end of expression".to_string(),
            Tok::Error(message) => message.clone(),
            _ => format!("unexpected '{}'", t.text),
        };
        ExprError {
            message,
            column: t.col,
        }
    }

    /// [`Self::unexpected`], naming what was expected instead.
    pub(super) fn expected(&self, what: &str) -> ExprError {
        let mut e = self.unexpected();
        if !matches!(self.peek().tok, Tok::Error(_)) {
            let _ = write!(e.message, ", expected '{what}'");
        }
        e
    }

    pub(super) fn expect_op(&mut self, op: &str) -> Res<Token> {
        if self.is_op(op) {
            return Ok(self.advance());
        }
        Err(self.expected(op))
    }

    /// Run `f` one nesting level deeper, refusing to go past [`MAX_NESTING`].
    pub(super) fn nested<T>(&mut self, col: usize, f: impl FnOnce(&mut Self) -> Res<T>) -> Res<T> {
        if self.nesting >= MAX_NESTING {
            return fail(col, "expression nested too deeply");
        }
        self.nesting += 1;
        let r = f(self);
        self.nesting -= 1;
        r
    }

    /// expr := or_test ['if' or_test 'else' expr]
    pub(super) fn expr(&mut self) -> Res<Node> {
        let col = self.peek().col;
        self.nested(col, |p| {
            let then = p.or_test()?;
            if !p.is_kw("if") {
                return Ok(then);
            }
            let col = p.advance().col;
            let cond = p.or_test()?;
            if !p.is_kw("else") {
                return Err(p.expected("else"));
            }
            p.advance();
            let other = p.expr()?;
            node(
                Kind::IfElse(Box::new(cond), Box::new(then), Box::new(other)),
                col,
            )
        })
    }

    pub(super) fn or_test(&mut self) -> Res<Node> {
        let mut left = self.and_test()?;
        while self.is_kw("or") {
            let col = self.advance().col;
            let right = self.and_test()?;
            left = node(Kind::Or(Box::new(left), Box::new(right)), col)?;
        }
        Ok(left)
    }

    pub(super) fn and_test(&mut self) -> Res<Node> {
        let mut left = self.not_test()?;
        while self.is_kw("and") {
            let col = self.advance().col;
            let right = self.not_test()?;
            left = node(Kind::And(Box::new(left), Box::new(right)), col)?;
        }
        Ok(left)
    }

    pub(super) fn not_test(&mut self) -> Res<Node> {
        if self.is_kw("not") {
            let col = self.advance().col;
            let operand = self.nested(col, Self::not_test)?;
            return node(Kind::Not(Box::new(operand)), col);
        }
        self.comparison()
    }

    pub(super) fn comparison(&mut self) -> Res<Node> {
        let first = self.arith()?;
        let mut rest = Vec::new();
        loop {
            let col = self.peek().col;
            let op = match &self.peek().tok {
                Tok::Op("==") => CmpOp::Eq,
                Tok::Op("!=") => CmpOp::Ne,
                Tok::Op("<") => CmpOp::Lt,
                Tok::Op("<=") => CmpOp::Le,
                Tok::Op(">") => CmpOp::Gt,
                Tok::Op(">=") => CmpOp::Ge,
                Tok::Name(n) if n == "in" => CmpOp::In,
                Tok::Name(n) if n == "is" => {
                    if matches!(&self.peek_at(1).tok, Tok::Name(m) if m == "not") {
                        self.advance();
                        CmpOp::IsNot
                    } else {
                        CmpOp::Is
                    }
                }
                Tok::Name(n)
                    if n == "not" && matches!(&self.peek_at(1).tok, Tok::Name(m) if m == "in") =>
                {
                    self.advance();
                    CmpOp::NotIn
                }
                _ => break,
            };
            self.advance();
            let operand = self.arith()?;
            rest.push((op, col, operand));
        }
        if rest.is_empty() {
            return Ok(first);
        }
        let col = first.col;
        node(Kind::Compare(Box::new(first), rest), col)
    }

    pub(super) fn arith(&mut self) -> Res<Node> {
        let mut left = self.term()?;
        loop {
            let op = match self.peek().tok {
                Tok::Op("+") => BinOp::Add,
                Tok::Op("-") => BinOp::Sub,
                _ => return Ok(left),
            };
            let col = self.advance().col;
            let right = self.term()?;
            left = node(Kind::Bin(op, Box::new(left), Box::new(right)), col)?;
        }
    }

    pub(super) fn term(&mut self) -> Res<Node> {
        let mut left = self.factor()?;
        loop {
            let op = match self.peek().tok {
                Tok::Op("*") => BinOp::Mul,
                Tok::Op("/") => BinOp::Div,
                Tok::Op("//") => BinOp::FloorDiv,
                Tok::Op("%") => BinOp::Mod,
                _ => return Ok(left),
            };
            let col = self.advance().col;
            let right = self.factor()?;
            left = node(Kind::Bin(op, Box::new(left), Box::new(right)), col)?;
        }
    }

    /// factor := ('-' | '+') factor | power
    pub(super) fn factor(&mut self) -> Res<Node> {
        let negate = match self.peek().tok {
            Tok::Op("-") => true,
            Tok::Op("+") => false,
            _ => return self.power(),
        };
        let col = self.advance().col;
        let operand = Box::new(self.nested(col, Self::factor)?);
        node(
            if negate {
                Kind::Neg(operand)
            } else {
                Kind::Pos(operand)
            },
            col,
        )
    }

    /// power := postfix ['**' factor]
    pub(super) fn power(&mut self) -> Res<Node> {
        let base = self.postfix()?;
        if !self.is_op("**") {
            return Ok(base);
        }
        let col = self.advance().col;
        let exponent = self.nested(col, Self::factor)?;
        node(
            Kind::Bin(BinOp::Pow, Box::new(base), Box::new(exponent)),
            col,
        )
    }

    pub(super) fn postfix(&mut self) -> Res<Node> {
        let mut n = self.atom()?;
        loop {
            let col = self.peek().col;
            if self.is_op("[") {
                self.advance();
                let index = self.expr()?;
                self.expect_op("]")?;
                n = node(Kind::Index(Box::new(n), Box::new(index)), col)?;
            } else if self.is_op(".") {
                return fail(col, "attribute access is only allowed as params.Name");
            } else if self.is_op("(") {
                return fail(col, "only the allowed functions can be called, by name");
            } else {
                return Ok(n);
            }
        }
    }

    /// Comma-separated expressions up to `close`, trailing comma allowed.
    pub(super) fn items(&mut self, close: &str) -> Res<Vec<Node>> {
        let mut items = Vec::new();
        while !self.is_op(close) {
            items.push(self.expr()?);
            if self.is_op(",") {
                self.advance();
            } else {
                break;
            }
        }
        self.expect_op(close)?;
        Ok(items)
    }

    pub(super) fn atom(&mut self) -> Res<Node> {
        let t = self.peek().clone();
        let col = t.col;
        match t.tok {
            Tok::Int(i) => {
                self.advance();
                node(Kind::Lit(Value::Int(i)), col)
            }
            Tok::Float(f) => {
                self.advance();
                node(Kind::Lit(Value::Float(f)), col)
            }
            Tok::Str(s) => {
                self.advance();
                node(Kind::Lit(Value::Str(s)), col)
            }
            Tok::Op("(") => {
                self.advance();
                if self.is_op(")") {
                    self.advance();
                    return node(Kind::List(Vec::new()), col);
                }
                let first = self.expr()?;
                if !self.is_op(",") {
                    self.expect_op(")")?;
                    return Ok(first);
                }
                self.advance();
                let mut items = vec![first];
                items.extend(self.items(")")?);
                node(Kind::List(items), col)
            }
            Tok::Op("[") => {
                self.advance();
                let items = self.items("]")?;
                node(Kind::List(items), col)
            }
            Tok::Name(name) => self.name(&name, col),
            _ => Err(self.unexpected()),
        }
    }

    pub(super) fn name(&mut self, name: &str, col: usize) -> Res<Node> {
        let kind = match name {
            "True" => Kind::Lit(Value::Bool(true)),
            "False" => Kind::Lit(Value::Bool(false)),
            "None" => Kind::Lit(Value::None),
            "coordType" => Kind::EnvName(EnvName::Coord),
            "contextType" => Kind::EnvName(EnvName::Context),
            "returnType" => Kind::EnvName(EnvName::Return),
            "params" => {
                self.advance();
                if !self.is_op(".") {
                    return fail(col, "'params' must be followed by '.Name'");
                }
                self.advance();
                let Tok::Name(param) = self.peek().tok.clone() else {
                    return fail(self.peek().col, "expected a parameter name after 'params.'");
                };
                self.advance();
                return node(Kind::Param(param), col);
            }
            "and" | "or" | "not" | "in" | "if" | "else" | "is" => return Err(self.unexpected()),
            _ => {
                if let Some(func) = Func::from_name(name) {
                    self.advance();
                    if !self.is_op("(") {
                        return fail(col, format!("function '{name}' must be called"));
                    }
                    self.advance();
                    let args = self.items(")")?;
                    func.check_arity(args.len(), col)?;
                    return node(Kind::Call(func, args), col);
                }
                if UNSUPPORTED_KEYWORDS.contains(&name) {
                    return fail(col, format!("'{name}' is not supported"));
                }
                self.advance();
                if self.is_op("(") {
                    return fail(col, format!("function '{name}' is not allowed"));
                }
                return fail(col, format!("unknown name '{name}'"));
            }
        };
        self.advance();
        node(kind, col)
    }
}
