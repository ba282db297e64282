package ui

// KeptDraft is what is kept of a session between runs: the composer's
// text, and a message sent with no answer yet (sending, or its answer
// lost) by its request id and text, which the next run sends again as the
// same request, so the host runs it once. The session makes it
// (session.KeptDraft), the drafts keeper keeps it (tui/drafts).
type KeptDraft struct {
	Text      string
	RequestID string   // "" when no message waits for an answer
	Request   string   // that message's text
	Op        string   // and its op (prompt, follow_up, steer)
	Refs      []string // and the context refs it carried
	Shared    bool     // read back: another terminal shows this draft too
}
