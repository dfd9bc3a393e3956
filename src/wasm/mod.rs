//! wasm-bindgen facade for the page and the bot worker. (being built)
