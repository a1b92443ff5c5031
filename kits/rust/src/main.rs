// An Arena bot in Rust (no dependencies; Rust 1.63, Debian 12's, or later): a random legal move.
use std::io::{self, BufRead, Write};

// SplitMix64 on the seat's seed: the same game repeats exactly.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e3779b97f4a7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58476d1ce4e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d049bb133111eb);
        z ^ (z >> 31)
    }
}

fn main() {
    let stdin = io::stdin();
    let mut out = io::stdout().lock();
    let mut legal: Vec<String> = Vec::new();
    let mut rng = Rng(1);
    for line in stdin.lock().lines() {
        let line = match line {
            Ok(line) => line,
            Err(_) => break,
        };
        let words: Vec<&str> = line.split_whitespace().collect();
        let reply = match words.first().copied() {
            Some("arena") => Some("name my-rust-bot\nauthor me\nready".to_string()),
            Some("newgame") => {
                rng = Rng(words.get(4).and_then(|s| s.parse().ok()).unwrap_or(1));
                None
            }
            Some("legal") => {
                legal = words[1..].iter().map(|s| s.to_string()).collect();
                None
            }
            Some("go") if !legal.is_empty() => {
                let pick = (rng.next() % legal.len() as u64) as usize;
                Some(format!("move {}", legal[pick]))
            }
            Some("quit") => return,
            _ => None, // obs, event, gameover, and lines of later protocol versions
        };
        if let Some(reply) = reply {
            if writeln!(out, "{reply}").and_then(|_| out.flush()).is_err() {
                return;
            }
        }
    }
}
