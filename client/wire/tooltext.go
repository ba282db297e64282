package wire

import (
	"bytes"
	"encoding/json"
	"strings"
	"unicode/utf8"
)

// MaxToolText is the most a State keeps of a tool call's arguments and of
// its result's text, in bytes; longer ones are cut and end in "…".
const MaxToolText = 4096

// UnmarshalJSON reads a tool call. Its arguments, an object as pi sends them
// or a string that holds them, are kept as text: an object as compact JSON,
// a string as it is, either cut to MaxToolText bytes.
func (c *ToolCall) UnmarshalJSON(b []byte) error {
	var v struct {
		ID        string          `json:"id"`
		Name      string          `json:"name"`
		Arguments json.RawMessage `json:"arguments"`
	}
	if err := json.Unmarshal(b, &v); err != nil {
		return err
	}
	*c = ToolCall{ID: v.ID, Name: v.Name, Arguments: toolArgs(v.Arguments)}
	return nil
}

// MarshalJSON writes a tool call back: arguments that are a JSON object or
// array as it, other text (arguments that were cut) as a string.
func (c ToolCall) MarshalJSON() ([]byte, error) {
	var args json.RawMessage
	if a := strings.TrimSpace(c.Arguments); a != "" && (a[0] == '{' || a[0] == '[') && json.Valid([]byte(a)) {
		args = json.RawMessage(a)
	} else if c.Arguments != "" {
		args, _ = json.Marshal(c.Arguments)
	}
	return json.Marshal(struct {
		ID        string          `json:"id"`
		Name      string          `json:"name"`
		Arguments json.RawMessage `json:"arguments,omitempty"`
	}{c.ID, c.Name, args})
}

// toolArgs is a tool call's arguments as ToolCall.Arguments keeps them: ""
// for none or null.
func toolArgs(raw json.RawMessage) string {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || string(raw) == "null" {
		return ""
	}
	if raw[0] == '"' {
		var s string
		if json.Unmarshal(raw, &s) != nil {
			return ""
		}
		return clipToolText(s)
	}
	var buf bytes.Buffer
	if json.Compact(&buf, raw) != nil {
		return ""
	}
	return clipToolText(buf.String())
}

// clipToolText cuts s to at most MaxToolText bytes on a rune boundary,
// marking the cut with "…". A cut string is a copy, so that it does not
// keep a longer one alive.
func clipToolText(s string) string {
	if len(s) <= MaxToolText {
		return s
	}
	end := MaxToolText - len("…")
	for end > 0 && !utf8.RuneStart(s[end]) {
		end--
	}
	return strings.Clone(s[:end]) + "…"
}

// toolStartedValue is tool.started's value, with the call's arguments when
// the host sends them (pi names them args).
type toolStartedValue struct {
	ToolValue
	Args      json.RawMessage `json:"args"`
	Arguments json.RawMessage `json:"arguments"`
}

// args is the arguments the value carries, "" for none.
func (v *toolStartedValue) args() string {
	if a := toolArgs(v.Args); a != "" {
		return a
	}
	return toolArgs(v.Arguments)
}

// callArgs is the arguments of a tool call id as its assistant message gave
// them, looking back toolWindow entries; "" when not found.
func (s *State) callArgs(toolCallID string) string {
	if toolCallID == "" {
		return ""
	}
	for i := len(s.Entries) - 1; i >= 0 && i >= len(s.Entries)-toolWindow; i-- {
		e := &s.Entries[i]
		if e.Kind != EntryMessage || e.Role != RoleAssistant {
			continue
		}
		for _, c := range e.ToolCalls {
			if c.ID == toolCallID {
				return c.Arguments
			}
		}
	}
	return ""
}

// fillToolArgs gives the chips of calls that have none the arguments of
// their assistant message, for a message that comes after its chips.
func (s *State) fillToolArgs(calls []ToolCall) {
	for _, c := range calls {
		if c.Arguments == "" || c.ID == "" {
			continue
		}
		if i := s.findChip(c.ID); i >= 0 && s.Entries[i].ToolArgs == "" {
			s.Entries[i].ToolArgs = c.Arguments
			s.Entries[i].Rev++
		}
	}
}
