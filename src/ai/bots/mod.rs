//! One small file per bot that is a configuration of shared parts.

pub mod strategist;
