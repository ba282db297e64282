package ui

import (
	"strings"

	"github.com/sophia-labs/vehicle/client/wire"
)

// The doors a public conversation opens by (the seed's "Public sessions"):
// the person's own model key, or a Sophia account's credit. A refusal names
// them in details.doors (each by the header it goes in); GET /account says
// the own-key door's provider and default model (byok). The UI says them in
// a person's words, from those fields only, the headers as a detail.

// Headers the doors go in when the host names none (the contract's).
const (
	KeyHeader     = "X-Model-Key"
	AccountHeader = "Authorization"
)

// ProviderName is a model provider as a person writes it ("OpenRouter"
// for "openrouter"); "" when unknown.
func ProviderName(p string) string {
	switch strings.ToLower(p) {
	case "openrouter":
		return "OpenRouter"
	case "openai":
		return "OpenAI"
	case "anthropic":
		return "Anthropic"
	}
	return SanitizeLine(p)
}

// ModelKeyName is the person's key as the dialog names it: "OpenRouter key",
// or "model key" when the provider is not known.
func ModelKeyName(b *wire.BYOK) string {
	if b != nil && b.Provider != "" {
		return ProviderName(b.Provider) + " key"
	}
	return "model key"
}

// KeyDoor says the own-key door: "your own OpenRouter key: the
// conversation runs on it, on gpt-6-luna unless you pick a model (it goes
// as the X-Model-Key header)".
func KeyDoor(b *wire.BYOK, header string) string {
	s := "your own " + ModelKeyName(b) + ": the conversation runs on it"
	if b != nil && b.DefaultModel != "" {
		s += ", on " + SanitizeLine(b.DefaultModel) + " unless you pick a model"
	}
	return s + " (it goes as the " + SanitizeLine(Or(header, KeyHeader)) + " header)"
}

// accountDoor says the account door.
func accountDoor(header string) string {
	return "a Sophia account with credit: its credit pays once you sign in (vehicle login, then start again; its token goes as the " +
		SanitizeLine(Or(header, AccountHeader)) + " header)"
}

// DoorLines are the ways in a refusal named, in a person's words, with the
// own-key door's provider and default model from b (nil when the account
// is not known). funding is the refused session's ("" at create). Only
// the own key is offered where an account's credit cannot help: after
// out_of_credit or credit_pool_exhausted (the credit is what ran out), and
// in a session that runs on the person's own key (byok: the host lost it).
func DoorLines(d *wire.Doors, b *wire.BYOK, code, funding string) []string {
	if d == nil {
		return nil
	}
	var out []string
	if d.BYOK.Header != "" {
		out = append(out, KeyDoor(b, d.BYOK.Header))
	}
	if d.Account.Header != "" && code == wire.CodeModelKeyRequired && funding != FundingBYOK {
		out = append(out, accountDoor(d.Account.Header))
	}
	return out
}

// DoorsHeadline is what a refusal a model key cures means, in a person's
// words, for a session of funding ("" at create); "" for another code.
func DoorsHeadline(code, funding string) string {
	switch {
	case code == wire.CodeModelKeyRequired && funding == FundingBYOK:
		return "This conversation runs on your own key, which the host no longer holds. Give it again:"
	case code == wire.CodeModelKeyRequired:
		return "This conversation needs someone to pay for the model. Either:"
	case code == wire.CodeOutOfCredit:
		return "Your account's credit is spent. To keep talking:"
	case code == wire.CodeCreditPoolExhausted:
		return "Today's credit for everyone is spent (until tomorrow, UTC). To keep talking now:"
	}
	return ""
}
