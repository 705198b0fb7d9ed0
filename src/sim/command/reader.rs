//! A cursor over one command's text, in the manner of Minecraft's command
//! reader: arguments are separated by single spaces, words and numbers are
//! read with Minecraft's character sets, and every error names the position
//! in the original text where reading went wrong.

/// Why a command did not run. Nothing in the game changes in either case.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Failure {
    /// Minecraft 1.16.5 itself refuses the command.
    Rejected(String),
    /// Valid 1.16.5, but not built into this simulator.
    Unsupported(String),
}

pub type Parsed<T> = Result<T, Failure>;

/// Whether Minecraft allows `c` in an unquoted word.
pub fn is_unquoted_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.' | '+')
}

/// Characters Minecraft reads as part of a number before parsing it.
fn is_number_char(c: char) -> bool {
    c.is_ascii_digit() || c == '.' || c == '-'
}

pub struct Reader<'a> {
    text: &'a str,
    /// Byte offset of the cursor in `text`.
    cursor: usize,
    /// Characters before `text` in the command as written (the `/`).
    base: usize,
}

impl<'a> Reader<'a> {
    /// A reader over `text`, which starts `base` characters into the command.
    pub fn new(text: &'a str, base: usize) -> Reader<'a> {
        Reader {
            text,
            cursor: 0,
            base,
        }
    }

    pub fn cursor(&self) -> usize {
        self.cursor
    }

    pub fn set_cursor(&mut self, cursor: usize) {
        self.cursor = cursor;
    }

    pub fn can_read(&self) -> bool {
        self.cursor < self.text.len()
    }

    pub fn peek(&self) -> Option<char> {
        self.text[self.cursor..].chars().next()
    }

    /// The character `n` characters after the cursor.
    pub fn peek_at(&self, n: usize) -> Option<char> {
        self.text[self.cursor..].chars().nth(n)
    }

    pub fn skip(&mut self) {
        if let Some(c) = self.peek() {
            self.cursor += c.len_utf8();
        }
    }

    /// Consumes `c` if it is next.
    pub fn eat(&mut self, c: char) -> bool {
        let found = self.peek() == Some(c);
        if found {
            self.skip();
        }
        found
    }

    pub fn skip_whitespace(&mut self) {
        while self.peek().is_some_and(char::is_whitespace) {
            self.skip();
        }
    }

    /// The text from `start` to the cursor.
    pub fn since(&self, start: usize) -> &'a str {
        &self.text[start..self.cursor]
    }

    /// A rejection pointing at byte offset `at`.
    pub fn error_at(&self, at: usize, message: impl std::fmt::Display) -> Failure {
        let position = self.base + self.text[..at].chars().count();
        Failure::Rejected(format!("{message} at position {position}"))
    }

    /// A rejection pointing at the cursor.
    pub fn error(&self, message: impl std::fmt::Display) -> Failure {
        self.error_at(self.cursor, message)
    }

    pub fn expect(&mut self, c: char) -> Parsed<()> {
        if self.eat(c) {
            Ok(())
        } else {
            Err(self.error(format!("Expected '{c}'")))
        }
    }

    fn take_while(&mut self, keep: impl Fn(char) -> bool) -> &'a str {
        let start = self.cursor;
        while self.peek().is_some_and(&keep) {
            self.skip();
        }
        self.since(start)
    }

    pub fn read_unquoted(&mut self) -> &'a str {
        self.take_while(is_unquoted_char)
    }

    /// Everything up to the next space: a literal or a name as typed.
    pub fn read_word(&mut self) -> &'a str {
        self.take_while(|c| c != ' ')
    }

    /// Reads characters that `allowed` accepts.
    pub fn read_matching(&mut self, allowed: impl Fn(char) -> bool) -> &'a str {
        self.take_while(allowed)
    }

    pub fn at_quote(&self) -> bool {
        matches!(self.peek(), Some('"' | '\''))
    }

    /// A string in `"` or `'` quotes, with `\\` and `\<quote>` escapes.
    pub fn read_quoted(&mut self) -> Parsed<String> {
        let Some(quote) = self.peek().filter(|_| self.at_quote()) else {
            return Err(self.error("Expected quote to start a string"));
        };
        self.skip();
        let mut out = String::new();
        loop {
            let Some(c) = self.peek() else {
                return Err(self.error("Unclosed quoted string"));
            };
            self.skip();
            if c == quote {
                return Ok(out);
            }
            if c != '\\' {
                out.push(c);
                continue;
            }
            match self.peek() {
                Some(e) if e == quote || e == '\\' => {
                    out.push(e);
                    self.skip();
                }
                Some(e) => {
                    return Err(
                        self.error(format!("Invalid escape sequence '\\{e}' in quoted string"))
                    )
                }
                None => return Err(self.error("Unclosed quoted string")),
            }
        }
    }

    /// A quoted or unquoted string.
    pub fn read_string(&mut self) -> Parsed<String> {
        if self.at_quote() {
            self.read_quoted()
        } else {
            Ok(self.read_unquoted().to_string())
        }
    }

    fn read_number<T: std::str::FromStr>(&mut self, kind: &str) -> Parsed<T> {
        let start = self.cursor;
        let text = self.take_while(is_number_char);
        if text.is_empty() {
            return Err(self.error(format!("Expected {kind}")));
        }
        text.parse().map_err(|_| {
            self.cursor = start;
            self.error(format!("Invalid {kind} '{text}'"))
        })
    }

    pub fn read_int(&mut self) -> Parsed<i32> {
        self.read_number("integer")
    }

    pub fn read_double(&mut self) -> Parsed<f64> {
        self.read_number("double")
    }

    pub fn read_float(&mut self) -> Parsed<f32> {
        self.read_number("float")
    }

    /// An integer in `min..=max`, with Minecraft's range messages.
    pub fn read_int_in(&mut self, min: i32, max: i32) -> Parsed<i32> {
        let start = self.cursor;
        let value = self.read_int()?;
        if value < min {
            return Err(self.error_at(
                start,
                format!("Integer must not be less than {min}, found {value}"),
            ));
        }
        if value > max {
            return Err(self.error_at(
                start,
                format!("Integer must not be more than {max}, found {value}"),
            ));
        }
        Ok(value)
    }

    pub fn read_bool(&mut self) -> Parsed<bool> {
        let start = self.cursor;
        match self.read_string()?.as_str() {
            "true" => Ok(true),
            "false" => Ok(false),
            "" => Err(self.error("Expected boolean")),
            other => Err(self.error_at(
                start,
                format!("Invalid boolean, expected 'true' or 'false' but found '{other}'"),
            )),
        }
    }

    /// Reads one of `words` as a literal; the index of the one found.
    pub fn read_literal(&mut self, words: &[&str]) -> Parsed<usize> {
        let start = self.cursor;
        let word = self.read_word();
        words.iter().position(|w| *w == word).ok_or_else(|| {
            self.error_at(
                start,
                format!("Expected {} but found '{word}'", words.join("|")),
            )
        })
    }

    /// Steps over the space that ends an argument.
    fn separator(&mut self) -> Parsed<()> {
        if !self.eat(' ') {
            return Err(
                self.error("Expected whitespace to end one argument, but found trailing data")
            );
        }
        if !self.can_read() {
            return Err(self.error("Incorrect argument for command"));
        }
        Ok(())
    }

    /// Moves to the next argument, which must be there; `what` names it.
    pub fn arg(&mut self, what: &str) -> Parsed<()> {
        if !self.can_read() {
            return Err(self.error(format!("Unknown or incomplete command: expected {what}")));
        }
        self.separator()
    }

    /// Moves to the next argument if there is one.
    pub fn more(&mut self) -> Parsed<bool> {
        if !self.can_read() {
            return Ok(false);
        }
        self.separator().map(|()| true)
    }

    /// The command must end here.
    pub fn finish(&mut self) -> Parsed<()> {
        if self.more()? {
            return Err(self.error("Incorrect argument for command"));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn errors_count_characters_of_the_whole_command() {
        let mut r = Reader::new("give @s x", 1);
        r.read_word();
        r.arg("target").unwrap();
        assert_eq!(
            r.error("Oops"),
            Failure::Rejected("Oops at position 6".into())
        );
    }

    #[test]
    fn quoted_strings_unescape() {
        let mut r = Reader::new(r#""a\"b\\c" 'it\'s'"#, 0);
        assert_eq!(r.read_quoted().unwrap(), "a\"b\\c");
        r.arg("x").unwrap();
        assert_eq!(r.read_string().unwrap(), "it's");
        let mut bad = Reader::new(r#""a\nb""#, 0);
        assert!(matches!(bad.read_quoted(), Err(Failure::Rejected(m)) if m.contains("'\\n'")));
        assert!(Reader::new("\"open", 0).read_quoted().is_err());
    }

    #[test]
    fn numbers_and_ranges() {
        let mut r = Reader::new("12 -3.5 x 70", 0);
        assert_eq!(r.read_int().unwrap(), 12);
        r.arg("n").unwrap();
        assert_eq!(r.read_double().unwrap(), -3.5);
        r.arg("n").unwrap();
        assert_eq!(
            r.read_int(),
            Err(Failure::Rejected("Expected integer at position 8".into()))
        );
        r.read_word();
        r.arg("n").unwrap();
        assert_eq!(
            r.read_int_in(1, 64),
            Err(Failure::Rejected(
                "Integer must not be more than 64, found 70 at position 10".into()
            ))
        );
    }

    #[test]
    fn arguments_need_single_separating_spaces() {
        let mut r = Reader::new("a", 0);
        r.read_word();
        assert!(
            matches!(r.arg("count"), Err(Failure::Rejected(m)) if m.contains("expected count"))
        );
        assert!(!r.more().unwrap());
        let mut trailing = Reader::new("5x", 0);
        trailing.read_int().unwrap();
        assert!(trailing.more().is_err());
    }
}
