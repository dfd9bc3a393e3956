//! Invincible's setup generation (thesis section 4). (being built)
