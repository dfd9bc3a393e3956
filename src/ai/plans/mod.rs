//! Plan-based move choosers (one ply, every legal move scored by every plan): Invincible's
//! plans and the plan context they share ([`invincible`]), the dynamic piece values both plan
//! sets read ([`values`]), and StrategoAI's nine plans ([`strategoai`]).

pub mod invincible;
pub mod perspecto;
pub mod strategoai;
pub mod values;
