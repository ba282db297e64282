package wire

// CreateRequest is the body of create. Claim nil means true.
type CreateRequest struct {
	RequestID  string  `json:"requestId"`
	ClientID   string  `json:"clientId"`
	Claim      *bool   `json:"claim,omitempty"`
	Profile    string  `json:"profile,omitempty"`
	Model      string  `json:"model,omitempty"`
	Title      string  `json:"title,omitempty"`
	MaxTurns   int     `json:"maxTurns,omitempty"`
	MaxCostUSD float64 `json:"maxCostUsd,omitempty"`
	TTLMs      int64   `json:"ttlMs,omitempty"`
	GraphID    string  `json:"graphId,omitempty"`
}

// TextRequest is the body of prompt, follow_up and steer. An empty RequestID
// is filled with a fresh one; give one to resend a request whose answer was
// lost, so that the host replays it instead of running it twice.
type TextRequest struct {
	RequestID   string   `json:"requestId"`
	ClientID    string   `json:"clientId"`
	Text        string   `json:"text"`
	ContextRefs []string `json:"contextRefs,omitempty"`
	CommandID   string   `json:"commandId,omitempty"`
}
