//! A RON struct or list split into its parts as text, so that the editor can
//! change the parts it knows (board, sides, units) and keep every other part
//! of a module's scenario word for word.

/// Skips whitespace and comments (`// …` and nested `/* … */`) from byte `i`.
fn skip_blank(b: &[u8], mut i: usize) -> usize {
    loop {
        while i < b.len() && b[i].is_ascii_whitespace() {
            i += 1;
        }
        if b[i..].starts_with(b"//") {
            while i < b.len() && b[i] != b'\n' {
                i += 1;
            }
        } else if b[i..].starts_with(b"/*") {
            let mut depth = 0;
            while i < b.len() {
                if b[i..].starts_with(b"/*") {
                    depth += 1;
                    i += 2;
                } else if b[i..].starts_with(b"*/") {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    i += 1;
                }
            }
        } else {
            return i;
        }
    }
}

/// The end (exclusive) of the value starting at `i`: up to the next `,` or
/// closing bracket at depth 0, skipping strings, characters and comments.
fn value_end(b: &[u8], mut i: usize) -> Result<usize, String> {
    let mut depth = 0i32;
    let mut last_solid = i;
    while i < b.len() {
        match b[i] {
            quote @ (b'"' | b'\'') => {
                // A string or a character: up to the same quote, past
                // escapes (so a multi-byte character never splits).
                i += 1;
                while i < b.len() && b[i] != quote {
                    if b[i] == b'\\' {
                        i += 1;
                    }
                    i += 1;
                }
                if i >= b.len() {
                    return Err("a string is not closed".into());
                }
                i += 1;
                last_solid = i;
                continue;
            }
            b'r' if b[i..].starts_with(b"r#") || b[i..].starts_with(b"r\"") => {
                let hashes = b[i + 1..].iter().take_while(|c| **c == b'#').count();
                let mut close = vec![b'"'];
                close.extend(std::iter::repeat_n(b'#', hashes));
                let start = i + 2 + hashes;
                let rest = &b[start.min(b.len())..];
                let Some(end) = rest
                    .windows(close.len())
                    .position(|w| w == close.as_slice())
                else {
                    return Err("a raw string is not closed".into());
                };
                i = start + end + close.len();
                last_solid = i;
                continue;
            }
            b'/' if b[i..].starts_with(b"//") || b[i..].starts_with(b"/*") => {
                i = skip_blank(b, i);
                continue;
            }
            b'(' | b'[' | b'{' => depth += 1,
            b')' | b']' | b'}' => {
                if depth == 0 {
                    return Ok(last_solid);
                }
                depth -= 1;
            }
            b',' if depth == 0 => return Ok(last_solid),
            _ => {}
        }
        if !b[i].is_ascii_whitespace() {
            last_solid = i + 1;
        }
        i += 1;
    }
    Err("the text ends inside a value".into())
}

/// The fields of a RON struct `(name: value, …)` (an optional struct name
/// before the bracket is allowed), each value as its text, in order.
///
/// # Errors
/// Text that is not a struct: a sentence naming what is wrong.
pub fn split_struct(text: &str) -> Result<Vec<(String, String)>, String> {
    let b = text.as_bytes();
    let mut i = skip_blank(b, 0);
    while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_') {
        i += 1;
    }
    i = skip_blank(b, i);
    if i >= b.len() || b[i] != b'(' {
        return Err("expected `(` opening a struct".into());
    }
    i += 1;
    let mut out = Vec::new();
    loop {
        i = skip_blank(b, i);
        if i >= b.len() {
            return Err("the struct is not closed".into());
        }
        if b[i] == b')' {
            return Ok(out);
        }
        let start = i;
        while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_') {
            i += 1;
        }
        if start == i {
            return Err(format!("expected a field name at byte {start}"));
        }
        let name = text[start..i].to_string();
        i = skip_blank(b, i);
        if i >= b.len() || b[i] != b':' {
            return Err(format!("expected `:` after `{name}`"));
        }
        i = skip_blank(b, i + 1);
        let end = value_end(b, i)?;
        out.push((name, text[i..end].to_string()));
        i = skip_blank(b, end);
        if i < b.len() && b[i] == b',' {
            i += 1;
        }
    }
}

/// The items of a RON list `[a, b, …]`, each as its text, in order.
///
/// # Errors
/// Text that is not a list.
pub fn split_list(text: &str) -> Result<Vec<String>, String> {
    let b = text.as_bytes();
    let mut i = skip_blank(b, 0);
    if i >= b.len() || b[i] != b'[' {
        return Err("expected `[` opening a list".into());
    }
    i += 1;
    let mut out = Vec::new();
    loop {
        i = skip_blank(b, i);
        if i >= b.len() {
            return Err("the list is not closed".into());
        }
        if b[i] == b']' {
            return Ok(out);
        }
        let end = value_end(b, i)?;
        if end == i {
            return Err(format!("an empty item at byte {i}"));
        }
        out.push(text[i..end].to_string());
        i = skip_blank(b, end);
        if i < b.len() && b[i] == b',' {
            i += 1;
        }
    }
}

/// A struct's fields as one line, `(a: 1, b: "x")`; on several lines when
/// a value holds a line break or a comment, which one line would break.
pub fn join_struct(fields: &[(String, String)]) -> String {
    let inner: Vec<String> = fields.iter().map(|(k, v)| format!("{k}: {v}")).collect();
    if fields
        .iter()
        .any(|(_, v)| v.contains('\n') || v.contains("//") || v.contains("/*"))
    {
        format!("(\n    {},\n)", inner.join(",\n    "))
    } else {
        format!("({})", inner.join(", "))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_struct_splits_into_its_fields_with_strings_comments_and_nesting_intact() {
        let text = "// head\n(\n  name: \"A, (b)\", // c\n  board: (columns: 3, rows: [1, 2]),\n  r: r#\"x\"y\"#,\n  ch: ',',\n)";
        let f = split_struct(text).expect("splits");
        let names: Vec<&str> = f.iter().map(|(k, _)| k.as_str()).collect();
        assert_eq!(names, ["name", "board", "r", "ch"]);
        assert_eq!(f[0].1, "\"A, (b)\"");
        assert_eq!(f[1].1, "(columns: 3, rows: [1, 2])");
        assert_eq!(f[2].1, "r#\"x\"y\"#");
        assert_eq!(f[3].1, "','");
    }

    #[test]
    fn a_list_splits_into_items_and_a_struct_joins_back() {
        let items = split_list("[ (id: 1, at: (2, 3)), (id: 2) , ]").expect("list");
        assert_eq!(items, ["(id: 1, at: (2, 3))", "(id: 2)"]);
        let f = split_struct(&items[0]).expect("struct");
        assert_eq!(join_struct(&f), "(id: 1, at: (2, 3))");
        assert!(split_list("(1)").is_err());
        // Characters of several bytes, in a character and in a string.
        let f = split_struct("(a: 'é', b: \"Español – ñ\", c: 'x')").expect("utf-8");
        assert_eq!(f[0].1, "'é'");
        assert_eq!(f[1].1, "\"Español – ñ\"");
        assert_eq!(f[2].1, "'x'");
        assert!(split_struct("(a: \"open").is_err());
        assert!(split_struct("(a 1)").is_err());
    }
}
