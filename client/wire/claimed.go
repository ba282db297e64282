package wire

import (
	"bytes"
	"encoding/json"
	"time"
)

// UnmarshalJSON reads a claim's answer. The seed says only that the frame
// "names whom it took over from", so tookOverFrom is read leniently: a lease
// object (its fields each kept when they have the expected type), or a string,
// taken as the holder's client id; any other shape, or an empty name, is no
// TookOverFrom. The take-over itself succeeded whatever the name's shape.
func (c *Claimed) UnmarshalJSON(b []byte) error {
	var v struct {
		Lease        Lease           `json:"lease"`
		TookOverFrom json.RawMessage `json:"tookOverFrom"`
	}
	if err := json.Unmarshal(b, &v); err != nil {
		return err
	}
	*c = Claimed{Lease: v.Lease, TookOverFrom: tookOverFrom(v.TookOverFrom)}
	return nil
}

// tookOverFrom is the holder a claim's answer names, nil for none.
func tookOverFrom(raw json.RawMessage) *Lease {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 {
		return nil
	}
	var l Lease
	switch raw[0] {
	case '"':
		if json.Unmarshal(raw, &l.ClientID) != nil {
			return nil
		}
	case '{':
		var f map[string]json.RawMessage
		if json.Unmarshal(raw, &f) != nil {
			return nil
		}
		_ = json.Unmarshal(f["principal"], &l.Principal)
		_ = json.Unmarshal(f["clientId"], &l.ClientID)
		var at string
		if json.Unmarshal(f["expiresAt"], &at) == nil {
			l.ExpiresAt, _ = time.Parse(time.RFC3339Nano, at)
		}
	default:
		return nil
	}
	if l == (Lease{}) {
		return nil
	}
	return &l
}
