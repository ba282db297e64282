package dialog

import (
	"strings"

	"github.com/sophia-labs/vehicle/client/wire"
)

// The shape of a model key: what the field keeps. A key goes as one HTTP
// header value (X-Model-Key, the door the host names), so it is one word of
// printable ASCII; the providers' keys are long (OpenRouter's, the door
// the seed names, are "sk-or-v1-" and 64 hex digits). A sentence typed
// into the field by mistake fails it, and is never sent as a key.
const (
	minKeyLen = 20
	maxKeyLen = 512
)

// KeyShape says why k is not of a model key's shape, "" when it is; byok
// (nil until the account is known) names the door's provider, whose own
// prefix an OpenRouter key must have.
func KeyShape(k string, byok *wire.BYOK) string {
	switch {
	case strings.ContainsAny(k, " \t\n\r"):
		return "it has spaces, and a model key is one word"
	case strings.IndexFunc(k, func(r rune) bool { return r <= ' ' || r > '~' }) >= 0:
		return "it has characters a model key never has"
	case len(k) < minKeyLen:
		return "it is too short for a model key"
	case len(k) > maxKeyLen:
		return "it is too long for a model key"
	case byok != nil && strings.EqualFold(byok.Provider, "openrouter") && !strings.HasPrefix(k, "sk-or-"):
		return "an OpenRouter key starts with sk-or-"
	}
	return ""
}
