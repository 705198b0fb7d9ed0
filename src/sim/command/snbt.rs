//! SNBT, the text form of NBT data in commands (`{Enchantments:[{id:"…",lvl:5}]}`):
//! the value tree, a parser following Minecraft 1.16.5's rules (typed
//! numbers by suffix, `true`/`false` as bytes, homogeneous lists, typed
//! arrays, unparsable numbers falling back to strings) and the text form
//! back out, so values round-trip.

use std::collections::BTreeMap;
use std::fmt;

use super::reader::{is_unquoted_char, Parsed, Reader};

/// Keys in order; a repeated key keeps the last value, as in Minecraft.
pub type Compound = BTreeMap<String, Nbt>;

#[derive(Debug, Clone, PartialEq)]
pub enum Nbt {
    Byte(i8),
    Short(i16),
    Int(i32),
    Long(i64),
    Float(f32),
    Double(f64),
    String(String),
    List(Vec<Nbt>),
    Compound(Compound),
    ByteArray(Vec<i8>),
    IntArray(Vec<i32>),
    LongArray(Vec<i64>),
}

impl Nbt {
    /// The tag type's name as Minecraft prints it in errors.
    pub fn type_name(&self) -> &'static str {
        match self {
            Nbt::Byte(_) => "TAG_Byte",
            Nbt::Short(_) => "TAG_Short",
            Nbt::Int(_) => "TAG_Int",
            Nbt::Long(_) => "TAG_Long",
            Nbt::Float(_) => "TAG_Float",
            Nbt::Double(_) => "TAG_Double",
            Nbt::String(_) => "TAG_String",
            Nbt::List(_) => "TAG_List",
            Nbt::Compound(_) => "TAG_Compound",
            Nbt::ByteArray(_) => "TAG_Byte_Array",
            Nbt::IntArray(_) => "TAG_Int_Array",
            Nbt::LongArray(_) => "TAG_Long_Array",
        }
    }

    fn same_type(&self, other: &Nbt) -> bool {
        std::mem::discriminant(self) == std::mem::discriminant(other)
    }

    /// Any numeric tag as a double.
    pub fn as_f64(&self) -> Option<f64> {
        Some(match *self {
            Nbt::Byte(v) => f64::from(v),
            Nbt::Short(v) => f64::from(v),
            Nbt::Int(v) => f64::from(v),
            Nbt::Long(v) => v as f64,
            Nbt::Float(v) => f64::from(v),
            Nbt::Double(v) => v,
            _ => return None,
        })
    }

    /// Any numeric tag as a whole number (decimals round down, as
    /// Minecraft's numeric getters do).
    pub fn as_i64(&self) -> Option<i64> {
        match *self {
            Nbt::Long(v) => Some(v),
            _ => self.as_f64().map(|v| v.floor() as i64),
        }
    }

    pub fn as_str(&self) -> Option<&str> {
        match self {
            Nbt::String(s) => Some(s),
            _ => None,
        }
    }

    pub fn as_compound(&self) -> Option<&Compound> {
        match self {
            Nbt::Compound(c) => Some(c),
            _ => None,
        }
    }

    pub fn as_list(&self) -> Option<&[Nbt]> {
        match self {
            Nbt::List(l) => Some(l),
            _ => None,
        }
    }
}

/// Reads a compound `{…}` at the cursor.
pub fn parse_compound(r: &mut Reader) -> Parsed<Compound> {
    r.skip_whitespace();
    r.expect('{')?;
    r.skip_whitespace();
    let mut compound = Compound::new();
    while r.can_read() && r.peek() != Some('}') {
        let key = read_key(r)?;
        r.skip_whitespace();
        r.expect(':')?;
        compound.insert(key, parse_value(r)?);
        if !element_separator(r) {
            break;
        }
        if !r.can_read() {
            return Err(r.error("Expected key"));
        }
    }
    r.skip_whitespace();
    r.expect('}')?;
    Ok(compound)
}

/// Reads any value at the cursor.
pub fn parse_value(r: &mut Reader) -> Parsed<Nbt> {
    r.skip_whitespace();
    match r.peek() {
        None => Err(r.error("Expected value")),
        Some('{') => parse_compound(r).map(Nbt::Compound),
        Some('[') if r.peek_at(2) == Some(';') && !matches!(r.peek_at(1), Some('"' | '\'')) => {
            parse_array(r)
        }
        Some('[') => parse_list(r),
        Some(_) => parse_scalar(r),
    }
}

fn read_key(r: &mut Reader) -> Parsed<String> {
    r.skip_whitespace();
    let start = r.cursor();
    let key = r.read_string()?;
    if key.is_empty() && !r.since(start).starts_with(['"', '\'']) {
        return Err(r.error_at(start, "Expected key"));
    }
    Ok(key)
}

/// Skips a `,` between elements; false at the end of the elements.
fn element_separator(r: &mut Reader) -> bool {
    r.skip_whitespace();
    if r.eat(',') {
        r.skip_whitespace();
        true
    } else {
        false
    }
}

fn parse_list(r: &mut Reader) -> Parsed<Nbt> {
    r.expect('[')?;
    r.skip_whitespace();
    if !r.can_read() {
        return Err(r.error("Expected value"));
    }
    let mut items: Vec<Nbt> = Vec::new();
    while r.peek() != Some(']') {
        r.skip_whitespace();
        let start = r.cursor();
        let item = parse_value(r)?;
        if let Some(first) = items.first().filter(|first| !first.same_type(&item)) {
            return Err(r.error_at(
                start,
                format!(
                    "Can't insert {} into list of {}",
                    item.type_name(),
                    first.type_name()
                ),
            ));
        }
        items.push(item);
        if !element_separator(r) {
            break;
        }
        if !r.can_read() {
            return Err(r.error("Expected value"));
        }
    }
    r.expect(']')?;
    Ok(Nbt::List(items))
}

/// `[B;…]`, `[I;…]` or `[L;…]`; every element must be of the array's type.
fn parse_array(r: &mut Reader) -> Parsed<Nbt> {
    r.expect('[')?;
    let type_at = r.cursor();
    let kind = r.peek().unwrap_or(' ');
    r.skip();
    r.skip();
    r.skip_whitespace();
    if !r.can_read() {
        return Err(r.error("Expected value"));
    }
    let mut array = match kind {
        'B' => Nbt::ByteArray(Vec::new()),
        'I' => Nbt::IntArray(Vec::new()),
        'L' => Nbt::LongArray(Vec::new()),
        other => return Err(r.error_at(type_at, format!("Invalid array type '{other}'"))),
    };
    while r.peek() != Some(']') {
        let start = r.cursor();
        let value = parse_value(r)?;
        match (&mut array, value) {
            (Nbt::ByteArray(a), Nbt::Byte(v)) => a.push(v),
            (Nbt::IntArray(a), Nbt::Int(v)) => a.push(v),
            (Nbt::LongArray(a), Nbt::Long(v)) => a.push(v),
            (_, value) => {
                return Err(r.error_at(
                    start,
                    format!(
                        "Can't insert {} into {}",
                        value.type_name(),
                        array.type_name()
                    ),
                ))
            }
        }
        if !element_separator(r) {
            break;
        }
        if !r.can_read() {
            return Err(r.error("Expected value"));
        }
    }
    r.expect(']')?;
    Ok(array)
}

fn parse_scalar(r: &mut Reader) -> Parsed<Nbt> {
    r.skip_whitespace();
    let start = r.cursor();
    if r.at_quote() {
        return r.read_quoted().map(Nbt::String);
    }
    let text = r.read_unquoted();
    if text.is_empty() {
        return Err(r.error_at(start, "Expected value"));
    }
    Ok(typed_scalar(text))
}

/// What an unquoted word means: a number by its shape and suffix, a
/// boolean byte, or else a string (also when the number does not fit).
fn typed_scalar(text: &str) -> Nbt {
    let (body, suffix) = text.split_at(text.len() - 1);
    let suffix = suffix.to_ascii_lowercase();
    let parsed = match suffix.as_str() {
        "f" if is_decimal(body, false) => body.parse().ok().map(Nbt::Float),
        "d" if is_decimal(body, false) => body.parse().ok().map(Nbt::Double),
        "b" if is_integer(body) => body.parse().ok().map(Nbt::Byte),
        "s" if is_integer(body) => body.parse().ok().map(Nbt::Short),
        "l" if is_integer(body) => body.parse().ok().map(Nbt::Long),
        _ if is_integer(text) => text.parse().ok().map(Nbt::Int),
        _ if is_decimal(text, true) => text.parse().ok().map(Nbt::Double),
        _ if text.eq_ignore_ascii_case("true") => Some(Nbt::Byte(1)),
        _ if text.eq_ignore_ascii_case("false") => Some(Nbt::Byte(0)),
        _ => None,
    };
    parsed.unwrap_or_else(|| Nbt::String(text.to_string()))
}

fn strip_sign(text: &str) -> &str {
    text.strip_prefix(['+', '-']).unwrap_or(text)
}

/// `[-+]?(0|[1-9][0-9]*)`
fn is_integer(text: &str) -> bool {
    let digits = strip_sign(text);
    !digits.is_empty()
        && digits.bytes().all(|b| b.is_ascii_digit())
        && (digits == "0" || !digits.starts_with('0'))
}

/// `[-+]?([0-9]+[.]?|[0-9]*[.][0-9]+)(e[-+]?[0-9]+)?`, with the dot
/// required when `needs_dot` (a double written without a suffix).
fn is_decimal(text: &str, needs_dot: bool) -> bool {
    let unsigned = strip_sign(text);
    let (mantissa, exponent) = match unsigned.find(['e', 'E']) {
        Some(i) => (&unsigned[..i], Some(&unsigned[i + 1..])),
        None => (unsigned, None),
    };
    let exponent_ok = exponent.is_none_or(|e| {
        let digits = strip_sign(e);
        !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())
    });
    let (whole, fraction) = match mantissa.split_once('.') {
        Some((w, f)) => (w, Some(f)),
        None => (mantissa, None),
    };
    let digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    let mantissa_ok = match fraction {
        Some(f) => digits(whole) && digits(f) && !(whole.is_empty() && f.is_empty()),
        None => !needs_dot && !whole.is_empty() && digits(whole),
    };
    exponent_ok && mantissa_ok
}

fn write_string(f: &mut fmt::Formatter<'_>, s: &str) -> fmt::Result {
    f.write_str("\"")?;
    for c in s.chars() {
        if c == '"' || c == '\\' {
            f.write_str("\\")?;
        }
        write!(f, "{c}")?;
    }
    f.write_str("\"")
}

fn write_joined<T>(
    f: &mut fmt::Formatter<'_>,
    open: &str,
    items: &[T],
    mut each: impl FnMut(&mut fmt::Formatter<'_>, &T) -> fmt::Result,
) -> fmt::Result {
    f.write_str(open)?;
    for (i, item) in items.iter().enumerate() {
        if i > 0 {
            f.write_str(",")?;
        }
        each(f, item)?;
    }
    f.write_str("]")
}

/// The SNBT text of a value; parsing it gives the value back.
impl fmt::Display for Nbt {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Nbt::Byte(v) => write!(f, "{v}b"),
            Nbt::Short(v) => write!(f, "{v}s"),
            Nbt::Int(v) => write!(f, "{v}"),
            Nbt::Long(v) => write!(f, "{v}L"),
            Nbt::Float(v) => write!(f, "{v}f"),
            Nbt::Double(v) => write!(f, "{v}d"),
            Nbt::String(s) => write_string(f, s),
            Nbt::List(items) => write_joined(f, "[", items, |f, v| write!(f, "{v}")),
            Nbt::ByteArray(items) => write_joined(f, "[B;", items, |f, v| write!(f, "{v}B")),
            Nbt::IntArray(items) => write_joined(f, "[I;", items, |f, v| write!(f, "{v}")),
            Nbt::LongArray(items) => write_joined(f, "[L;", items, |f, v| write!(f, "{v}L")),
            Nbt::Compound(map) => {
                f.write_str("{")?;
                for (i, (key, value)) in map.iter().enumerate() {
                    if i > 0 {
                        f.write_str(",")?;
                    }
                    if !key.is_empty() && key.chars().all(is_unquoted_char) {
                        f.write_str(key)?;
                    } else {
                        write_string(f, key)?;
                    }
                    write!(f, ":{value}")?;
                }
                f.write_str("}")
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::reader::Failure;
    use super::*;

    fn compound(text: &str) -> Parsed<Compound> {
        let mut r = Reader::new(text, 0);
        let c = parse_compound(&mut r)?;
        assert!(!r.can_read(), "left over: {}", &text[r.cursor()..]);
        Ok(c)
    }

    fn value(text: &str) -> Nbt {
        parse_value(&mut Reader::new(text, 0)).unwrap()
    }

    fn rejected(text: &str) -> String {
        match compound(text) {
            Err(Failure::Rejected(m)) => m,
            other => panic!("{text} parsed: {other:?}"),
        }
    }

    #[test]
    fn numbers_take_their_type_from_the_suffix() {
        assert_eq!(value("1b"), Nbt::Byte(1));
        assert_eq!(value("-7S"), Nbt::Short(-7));
        assert_eq!(value("5"), Nbt::Int(5));
        assert_eq!(value("+5"), Nbt::Int(5));
        assert_eq!(value("9000000000L"), Nbt::Long(9_000_000_000));
        assert_eq!(value("1.5f"), Nbt::Float(1.5));
        assert_eq!(value("2f"), Nbt::Float(2.0));
        assert_eq!(value("1e3d"), Nbt::Double(1000.0));
        assert_eq!(value("2.5"), Nbt::Double(2.5));
        assert_eq!(value(".5"), Nbt::Double(0.5));
        assert_eq!(value("true"), Nbt::Byte(1));
        assert_eq!(value("FALSE"), Nbt::Byte(0));
    }

    #[test]
    fn words_that_are_not_numbers_are_strings() {
        assert_eq!(value("300b"), Nbt::String("300b".into()), "byte overflow");
        assert_eq!(value("01"), Nbt::String("01".into()), "leading zero");
        assert_eq!(value("3"), Nbt::Int(3));
        assert_eq!(value("1.2.3"), Nbt::String("1.2.3".into()));
        assert_eq!(value("minecraft"), Nbt::String("minecraft".into()));
        assert_eq!(value("'it''s'"), Nbt::String("it".into()));
    }

    #[test]
    fn compounds_lists_and_arrays() {
        let c = compound(
            r#"{ Enchantments : [ {id:"minecraft:sharpness",lvl:5s} , {id:'looting', lvl:3s}, ], Tags:[I; 1, -2], "odd key":{}}"#,
        )
        .unwrap();
        let list = c["Enchantments"].as_list().unwrap();
        assert_eq!(list.len(), 2);
        assert_eq!(
            list[0].as_compound().unwrap()["id"].as_str(),
            Some("minecraft:sharpness")
        );
        assert_eq!(list[1].as_compound().unwrap()["lvl"], Nbt::Short(3));
        assert_eq!(c["Tags"], Nbt::IntArray(vec![1, -2]));
        assert_eq!(c["odd key"], Nbt::Compound(Compound::new()));
        assert_eq!(compound("{}").unwrap().len(), 0);
        assert_eq!(compound("{a:1,a:2b}").unwrap()["a"], Nbt::Byte(2));
        assert_eq!(value("[]"), Nbt::List(vec![]));
        assert_eq!(value("[B;1b,2B]"), Nbt::ByteArray(vec![1, 2]));
        assert_eq!(value("[L;]"), Nbt::LongArray(vec![]));
    }

    #[test]
    fn errors_point_at_the_problem() {
        assert_eq!(
            rejected("{a:[1,2b]}"),
            "Can't insert TAG_Byte into list of TAG_Int at position 6"
        );
        assert_eq!(
            rejected("{a:[I;1,2b]}"),
            "Can't insert TAG_Byte into TAG_Int_Array at position 8"
        );
        assert_eq!(
            rejected("{a:[X;1]}"),
            "Invalid array type 'X' at position 4"
        );
        assert_eq!(rejected("{:1}"), "Expected key at position 1");
        assert_eq!(rejected("{a:}"), "Expected value at position 3");
        assert_eq!(rejected("{a 1}"), "Expected ':' at position 3");
        assert_eq!(rejected("{a:1"), "Expected '}' at position 4");
        assert_eq!(rejected("{a:1 b:2}"), "Expected '}' at position 5");
        assert_eq!(rejected("{a:\"x}"), "Unclosed quoted string at position 6");
        assert_eq!(rejected("{a:[1,"), "Expected value at position 6");
    }

    #[test]
    fn values_round_trip_through_their_text() {
        for text in [
            r#"{Enchantments:[{id:"minecraft:sharpness",lvl:5s}],Potion:"minecraft:water"}"#,
            r#"{VillagerData:{level:1,profession:"minecraft:farmer",type:"minecraft:plains"},Xp:1}"#,
            r#"{a:[B;1B,-2B],b:[I;],c:[L;5L],d:1.25d,e:0.1f,f:-3s,g:"q\"u\\o'te","h i":[[],[1]]}"#,
            r#"{Age:-24000,IsBaby:1b,Rotation:[90f,0f],Big:9000000000L}"#,
        ] {
            let first = compound(text).unwrap();
            let printed = Nbt::Compound(first.clone()).to_string();
            let second = compound(&printed).unwrap();
            assert_eq!(first, second, "{text} -> {printed}");
        }
    }
}
