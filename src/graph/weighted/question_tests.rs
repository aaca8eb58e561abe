//! The question's words by name: `Display`, `FromStr` and serde agree, and a wrong name is
//! refused with the names allowed.

use super::{Cardinality, Sense, UnknownName};

const SENSES: [(Sense, &str); 2] = [(Sense::Max, "max"), (Sense::Min, "min")];
const CARDINALITIES: [(Cardinality, &str); 3] = [
    (Cardinality::Any, "any"),
    (Cardinality::Maximum, "maximum"),
    (Cardinality::Perfect, "perfect"),
];

#[test]
fn every_word_reads_back_as_itself() {
    for (sense, name) in SENSES {
        assert_eq!(sense.to_string(), name);
        assert_eq!(name.parse::<Sense>(), Ok(sense));
        let json = serde_json::to_string(&sense).unwrap();
        assert_eq!(json, format!("\"{name}\""));
        assert_eq!(serde_json::from_str::<Sense>(&json).unwrap(), sense);
    }
    for (cardinality, name) in CARDINALITIES {
        assert_eq!(cardinality.to_string(), name);
        assert_eq!(name.parse::<Cardinality>(), Ok(cardinality));
        let json = serde_json::to_string(&cardinality).unwrap();
        assert_eq!(json, format!("\"{name}\""));
        assert_eq!(
            serde_json::from_str::<Cardinality>(&json).unwrap(),
            cardinality
        );
    }
}

#[test]
fn other_words_are_refused_with_the_words_allowed() {
    let err = "mux".parse::<Sense>().unwrap_err();
    assert_eq!(
        err,
        UnknownName {
            what: "objective",
            found: "mux".into(),
            expected: "max or min",
        }
    );
    assert_eq!(err.to_string(), "objective \"mux\": expected max or min");
    // Names are exact: no other case, no blanks, no abbreviation.
    for bad in ["Max", " max", "maximum", ""] {
        assert!(bad.parse::<Sense>().is_err(), "{bad:?}");
    }
    assert_eq!(
        "all".parse::<Cardinality>().unwrap_err().to_string(),
        "cardinality \"all\": expected any, maximum or perfect"
    );
    for bad in ["Perfect", "max", "perfect ", "\u{0}"] {
        assert!(bad.parse::<Cardinality>().is_err(), "{bad:?}");
    }
    let err = serde_json::from_str::<Cardinality>("\"every\"").unwrap_err();
    assert!(
        err.to_string()
            .starts_with("cardinality \"every\": expected any, maximum or perfect"),
        "{err}"
    );
    assert!(serde_json::from_str::<Sense>("1").is_err());
}
