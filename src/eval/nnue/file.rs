//! The network file: a header naming the layout, the weights in little-endian order, and a
//! checksum.
//!
//! ```text
//! "MNNUE\0" version:u16 qa:u16 qb:u16 scale:u16   (the quantisation the weights were made for)
//! family_len:u8 family:[u8; family_len]
//! files:u8 ranks:u8 rotate:u8 kinds:u8 (len:u8 name:[u8; len]) x kinds
//! hand:u8 (len:u8 name:[u8; len]) x hand
//! hidden:u32 base:u16 (per mille of the hand-written evaluation added; version 2 on)
//! input_weights:[i16; inputs*hidden] input_bias:[i16; hidden]
//! output_weights:[i16; 2*hidden] output_bias:i32
//! checksum:u64 (FNV-1a of everything before it)
//! ```

use super::{Layout, Network, QA, QB, SCALE};

const MAGIC: &[u8; 6] = b"MNNUE\0";
const VERSION: u16 = 2;
/// The oldest version read: 1, which has no `base` (its networks evaluate alone).
const FIRST_VERSION: u16 = 1;

/// FNV-1a, 64 bits.
fn checksum(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

/// The file's bytes.
pub fn write(net: &Network) -> Vec<u8> {
    let l = &net.layout;
    let mut out = Vec::with_capacity(32 + 2 * net.input_weights.len());
    out.extend_from_slice(MAGIC);
    out.extend_from_slice(&VERSION.to_le_bytes());
    for q in [QA, QB, SCALE] {
        out.extend_from_slice(&(q as u16).to_le_bytes());
    }
    out.push(l.family.len() as u8);
    out.extend_from_slice(l.family.as_bytes());
    out.extend_from_slice(&[l.files, l.ranks, u8::from(l.rotate)]);
    for names in [&l.kinds, &l.hand] {
        out.push(names.len() as u8);
        for name in names {
            out.push(name.len() as u8);
            out.extend_from_slice(name.as_bytes());
        }
    }
    out.extend_from_slice(&(net.hidden as u32).to_le_bytes());
    out.extend_from_slice(&net.base.to_le_bytes());
    for w in net
        .input_weights
        .iter()
        .chain(&net.input_bias)
        .chain(&net.output_weights)
    {
        out.extend_from_slice(&w.to_le_bytes());
    }
    out.extend_from_slice(&net.output_bias.to_le_bytes());
    let sum = checksum(&out);
    out.extend_from_slice(&sum.to_le_bytes());
    out
}

/// A reader over the bytes that reports a short file.
struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize) -> Result<&'a [u8], String> {
        let end = self.at.checked_add(n).filter(|&e| e <= self.bytes.len());
        let end = end.ok_or("the file is cut short")?;
        let out = &self.bytes[self.at..end];
        self.at = end;
        Ok(out)
    }
    fn u8(&mut self) -> Result<u8, String> {
        Ok(self.take(1)?[0])
    }
    /// A name after its length.
    fn name(&mut self) -> Result<String, String> {
        let len = usize::from(self.u8()?);
        let bytes = self.take(len)?;
        std::str::from_utf8(bytes)
            .map(str::to_string)
            .map_err(|_| "a name in the header is not text".to_string())
    }
    /// A count, then that many names.
    fn names(&mut self) -> Result<Vec<String>, String> {
        let n = usize::from(self.u8()?);
        (0..n).map(|_| self.name()).collect()
    }
    fn i16s(&mut self, n: usize) -> Result<Vec<i16>, String> {
        let bytes = self.take(n.checked_mul(2).ok_or("the file is cut short")?)?;
        Ok(bytes
            .chunks_exact(2)
            .map(|c| i16::from_le_bytes([c[0], c[1]]))
            .collect())
    }
}

/// The network in `bytes`, or what is wrong with them.
pub fn read(bytes: &[u8]) -> Result<Network, String> {
    if bytes.len() < MAGIC.len() + 10 || &bytes[..MAGIC.len()] != MAGIC {
        return Err("not a menagerie network file".to_string());
    }
    let (body, tail) = bytes.split_at(bytes.len() - 8);
    let stored = u64::from_le_bytes(tail.try_into().expect("eight bytes"));
    if checksum(body) != stored {
        return Err("the network file is damaged (checksum)".to_string());
    }
    let mut r = Reader {
        bytes: body,
        at: MAGIC.len(),
    };
    let version = u16::from_le_bytes([r.u8()?, r.u8()?]);
    if !(FIRST_VERSION..=VERSION).contains(&version) {
        return Err(format!(
            "network file version {version}; this build reads {FIRST_VERSION} to {VERSION}"
        ));
    }
    let mut quantisation = [0u16; 3];
    for q in &mut quantisation {
        *q = u16::from_le_bytes([r.u8()?, r.u8()?]);
    }
    let ours = [QA as u16, QB as u16, SCALE as u16];
    if quantisation != ours {
        return Err(format!(
            "the network is quantised as {quantisation:?} (QA, QB, scale); this build reads {ours:?}"
        ));
    }
    let family = r.name()?;
    let (files, ranks, rotate) = (r.u8()?, r.u8()?, r.u8()? != 0);
    let kinds = r.names()?;
    let hand = r.names()?;
    let layout = Layout {
        family,
        kinds,
        files,
        ranks,
        rotate,
        hand,
    };
    let hidden = u32::from_le_bytes(r.take(4)?.try_into().expect("four bytes")) as usize;
    if hidden == 0 || hidden > 4096 {
        return Err(format!("a hidden layer of {hidden} units"));
    }
    let base = if version >= 2 {
        u16::from_le_bytes([r.u8()?, r.u8()?])
    } else {
        0
    };
    let input_weights = r.i16s(layout.inputs() * hidden)?;
    let input_bias = r.i16s(hidden)?;
    let output_weights = r.i16s(2 * hidden)?;
    let output_bias = i32::from_le_bytes(r.take(4)?.try_into().expect("four bytes"));
    if r.at != body.len() {
        return Err("the network file has bytes after the weights".to_string());
    }
    Network::new(
        layout,
        hidden,
        input_weights,
        input_bias,
        output_weights,
        output_bias,
    )
    .map(|net| net.over_terms(base))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variants::lookup;

    /// A file of version 1, which has no `base`, reads as a network that evaluates alone.
    #[test]
    fn a_first_version_file_reads_as_a_network_alone() {
        let v = lookup("chess").unwrap();
        let layout = crate::by_width!(v, v => Layout::of_variant(v));
        let inputs = layout.inputs();
        let net = Network::new(
            layout,
            2,
            vec![3; inputs * 2],
            vec![1, 2],
            vec![5, 6, 7, 8],
            9,
        )
        .unwrap()
        .over_terms(900);
        let mut bytes = write(&net);
        // Back to version 1: the version, no base after the hidden size, a new checksum.
        bytes[MAGIC.len()..MAGIC.len() + 2].copy_from_slice(&FIRST_VERSION.to_le_bytes());
        let hidden_at = bytes.len() - 8 - 4 - 2 * (inputs * 2 + 2 + 4) - 2 - 4;
        assert_eq!(bytes[hidden_at..hidden_at + 4], 2u32.to_le_bytes());
        bytes.drain(hidden_at + 4..hidden_at + 6);
        bytes.truncate(bytes.len() - 8);
        let sum = checksum(&bytes);
        bytes.extend_from_slice(&sum.to_le_bytes());
        let read = read(&bytes).unwrap();
        assert_eq!(read.base, 0);
        assert_eq!(read, net.over_terms(0));
    }
}
