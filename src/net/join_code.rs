//! The join code: the per-game secret a host reads out or pastes to its
//! guest. Whoever holds it may take the guest's seat; nobody else can
//! connect to the host or read a packet.
//!
//! A code is [`CODE_CHARS`] characters of Crockford's base-32 alphabet
//! (digits and capital letters without I, L, O and U), 5 bits each: 50
//! bits drawn from the operating system's entropy (getrandom), shown as
//! two groups of five (`K7Q2M-9XHRT`). Reading it back forgives case,
//! spaces and dashes, and takes O for 0 and I or L for 1.
//!
//! Both ends derive netcode's 32-byte private key from the code with
//! Argon2id (the `argon2` crate, its default cost: 19 MiB, two passes, one
//! lane): the host's server decrypts connect tokens with it, and the guest
//! makes its own connect token with it, so no token ever crosses the wire
//! in the clear. The cost makes guessing a code from captured packets
//! expensive: each guess takes one Argon2id derivation.

use std::fmt;

use argon2::Argon2;

pub use super::transport::JoinKey;
use super::transport::PROTOCOL_ID;

/// Characters in a join code (5 bits each: 50 bits of secret).
pub const CODE_CHARS: usize = 10;

/// Crockford's base-32 alphabet: the code's 32 characters.
const ALPHABET: &[u8; 32] = b"0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/// The KDF's salt prefix; the protocol id follows it, so a code keys only
/// this protocol.
const SALT: &[u8] = b"kassen join code ";

/// A join code, normalized: [`CODE_CHARS`] characters of the alphabet.
#[derive(Clone, PartialEq, Eq)]
pub struct JoinCode(String);

impl fmt::Debug for JoinCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("JoinCode(…)")
    }
}

impl JoinCode {
    /// A fresh code from the operating system's entropy.
    ///
    /// # Errors
    /// The operating system gives no entropy, as a sentence.
    pub fn fresh() -> Result<Self, String> {
        let mut bytes = [0u8; CODE_CHARS];
        getrandom::fill(&mut bytes)
            .map_err(|e| format!("no entropy for a join code from the system: {e}"))?;
        // 32 divides 256: masking keeps every character equally likely.
        let code = bytes
            .iter()
            .map(|b| char::from(ALPHABET[usize::from(b & 31)]))
            .collect();
        Ok(Self(code))
    }

    /// Reads a code as a person typed or pasted it.
    ///
    /// # Errors
    /// A character outside the alphabet, or a code of another length, as
    /// a sentence.
    pub fn parse(text: &str) -> Result<Self, String> {
        let mut code = String::with_capacity(CODE_CHARS);
        for c in text.chars() {
            if c.is_whitespace() || c == '-' {
                continue;
            }
            let c = match c.to_ascii_uppercase() {
                'O' => '0',
                'I' | 'L' => '1',
                c => c,
            };
            if !c.is_ascii() || !ALPHABET.contains(&(c as u8)) {
                return Err(format!(
                    "the join code has a character that is not in a join code: {c:?}"
                ));
            }
            if code.len() == CODE_CHARS {
                return Err(format!(
                    "the join code is too long: a code has {CODE_CHARS} characters"
                ));
            }
            code.push(c);
        }
        if code.len() != CODE_CHARS {
            return Err(format!(
                "the join code has {} characters; a code has {CODE_CHARS}",
                code.len()
            ));
        }
        Ok(Self(code))
    }

    /// The netcode private key for this code (Argon2id; about 20 MiB and a
    /// few tens of ms).
    ///
    /// # Errors
    /// The KDF fails (it cannot allocate its memory), as a sentence.
    pub fn key(&self) -> Result<JoinKey, String> {
        let mut salt = SALT.to_vec();
        salt.extend_from_slice(&PROTOCOL_ID.to_le_bytes());
        let mut out = [0u8; 32];
        Argon2::default()
            .hash_password_into(self.0.as_bytes(), &salt, &mut out)
            .map_err(|e| format!("cannot derive the key of the join code: {e}"))?;
        Ok(JoinKey(out))
    }
}

impl fmt::Display for JoinCode {
    /// Two groups of five: `K7Q2M-9XHRT`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (a, b) = self.0.split_at(CODE_CHARS / 2);
        write!(f, "{a}-{b}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_code_reads_back_as_typed_and_keys_differ_by_code() {
        let code = JoinCode::fresh().expect("entropy");
        let shown = code.to_string();
        assert_eq!(shown.len(), CODE_CHARS + 1, "{shown}");
        assert_eq!(JoinCode::parse(&shown), Ok(code.clone()));
        let typed = shown.to_lowercase().replace('-', " ");
        assert_eq!(JoinCode::parse(&typed), Ok(code.clone()));
        // O for 0, I and L for 1.
        assert_eq!(
            JoinCode::parse("OIL23-45678").map(|c| c.to_string()),
            Ok("01123-45678".to_string())
        );
        let e = JoinCode::parse("ABCDE-FGHJ").expect_err("short");
        assert!(e.contains("9 characters"), "{e}");
        let e = JoinCode::parse("ABCDE-FGHJU").expect_err("U");
        assert!(e.contains("'U'"), "{e}");
        let e = JoinCode::parse("ABCDE-FGHJK-M").expect_err("long");
        assert!(e.contains("too long"), "{e}");
        let k1 = code.key().expect("key");
        assert_eq!(Ok(k1.clone()), code.key(), "the same code, the same key");
        let other = JoinCode::parse("00000-00000").expect("code");
        assert_ne!(Ok(k1), other.key());
        assert_eq!(
            format!("{code:?} {:?}", other.key()),
            "JoinCode(…) Ok(JoinKey(…))"
        );
    }

    #[test]
    fn fresh_codes_differ() {
        let a = JoinCode::fresh().expect("entropy");
        let b = JoinCode::fresh().expect("entropy");
        assert_ne!(a, b, "50 bits drawn twice");
    }
}
