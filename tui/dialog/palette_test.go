package dialog

import "testing"

// TestFuzzyScore ranks a prefix above scattered letters and refuses
// letters that are not there.
func TestFuzzyScore(t *testing.T) {
	if fuzzyScore("exp", "export the transcript /export") <= fuzzyScore("exp", "help: every key /help") {
		t.Error("a prefix match does not rank above a scattered one")
	}
	if fuzzyScore("xyz", "export") != -1 {
		t.Error("letters not in the name matched")
	}
	if fuzzyScore("rnm", "rename this session /rename") < 0 {
		t.Error("letters in order did not match")
	}
}
