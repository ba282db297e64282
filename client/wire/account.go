package wire

// Account is what GET /account answers. Kind is member, account or anonymous.
type Account struct {
	Kind            string  `json:"kind"`
	Principal       string  `json:"principal,omitempty"`
	Email           string  `json:"email,omitempty"`
	EmailVerified   bool    `json:"emailVerified,omitempty"`
	TurnsToday      int     `json:"turnsToday"`
	TurnsPerDay     int     `json:"turnsPerDay,omitempty"`
	SessionMaxTurns int     `json:"sessionMaxTurns,omitempty"`
	Credit          *Credit `json:"credit,omitempty"`
	Doors           *Doors  `json:"doors,omitempty"`
	BYOK            *BYOK   `json:"byok,omitempty"`
}

// Account kinds.
const (
	AccountMember    = "member"
	AccountAccount   = "account"
	AccountAnonymous = "anonymous"
)

// Credit is a Sophia account's credit.
type Credit struct {
	BalanceUSD    float64  `json:"balanceUsd"`
	GrantedUSD    float64  `json:"grantedUsd"`
	SpentUSD      float64  `json:"spentUsd"`
	DefaultModel  string   `json:"defaultModel"`
	Models        []string `json:"models"`
	PoolOpenToday bool     `json:"poolOpenToday"`
}

// Doors says how a public caller can pay for a conversation.
type Doors struct {
	BYOK    Door `json:"byok"`
	Account Door `json:"account"`
}

// Door is one way in: the header to send and what it means.
type Door struct {
	Header      string `json:"header"`
	Description string `json:"description,omitempty"`
}

// BYOK describes the own-key door.
type BYOK struct {
	Provider     string `json:"provider"`
	DefaultModel string `json:"defaultModel"`
}

// Granted answers POST /account/grants.
type Granted struct {
	Principal  string  `json:"principal"`
	BalanceUSD float64 `json:"balanceUsd"`
	Replayed   bool    `json:"replayed,omitempty"`
}
