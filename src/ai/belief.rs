//! What each unknown enemy piece can still be, and sampling of full positions consistent
//! with a view. (Owned by the bot-framework work; see issue "Bots I".)
