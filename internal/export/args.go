package export

import (
	"bytes"
	"encoding/json"
	"strings"

	"github.com/sophia-labs/vehicle/client"
)

// argsWidth bounds a tool call's arguments on its Markdown line, in runes;
// the JSONL form keeps them whole (as the client keeps them: at most
// client.MaxToolText bytes).
const argsWidth = 200

// toolCall is a tool call as an export writes it: its id, name and
// arguments cleaned. Arguments that are JSON stay JSON, with every string
// in them cleaned (Clean); other text (arguments the client cut) is cleaned
// as text.
func toolCall(c client.ToolCall) client.ToolCall {
	return client.ToolCall{ID: CleanLine(c.ID), Name: CleanLine(c.Name), Arguments: cleanArgs(c.Arguments)}
}

// cleanArgs cleans a call's arguments: a JSON value has every string in it
// (keys included) cleaned and is written back compact, in the order it
// came; anything else is cleaned as text.
func cleanArgs(args string) string {
	a := strings.TrimSpace(args)
	if a == "" {
		return ""
	}
	if !json.Valid([]byte(a)) {
		return Clean(args)
	}
	var out bytes.Buffer
	dec := json.NewDecoder(strings.NewReader(a))
	dec.UseNumber()
	if err := cleanValue(dec, &out); err != nil {
		return Clean(args)
	}
	return out.String()
}

// cleanValue copies the next JSON value of dec to out, cleaning its strings.
func cleanValue(dec *json.Decoder, out *bytes.Buffer) error {
	tok, err := dec.Token()
	if err != nil {
		return err
	}
	switch v := tok.(type) {
	case json.Delim:
		out.WriteRune(rune(v))
		closing := map[json.Delim]byte{'{': '}', '[': ']'}[v]
		for i := 0; dec.More(); i++ {
			if i > 0 {
				out.WriteByte(',')
			}
			if v == '{' {
				key, err := dec.Token()
				if err != nil {
					return err
				}
				writeJSONString(out, key.(string))
				out.WriteByte(':')
			}
			if err := cleanValue(dec, out); err != nil {
				return err
			}
		}
		if _, err := dec.Token(); err != nil {
			return err
		}
		out.WriteByte(closing)
	case string:
		writeJSONString(out, v)
	case json.Number:
		out.WriteString(v.String())
	case bool:
		out.WriteString(map[bool]string{true: "true", false: "false"}[v])
	case nil:
		out.WriteString("null")
	}
	return nil
}

// writeJSONString writes s, cleaned, as a JSON string without HTML escaping.
func writeJSONString(out *bytes.Buffer, s string) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(Clean(s))
	out.Write(bytes.TrimRight(b.Bytes(), "\n"))
}

// argsLine is a call's arguments on one Markdown line: cleaned, whitespace
// collapsed, cut to argsWidth runes.
func argsLine(c client.ToolCall) string {
	return shorten(CleanLine(cleanArgs(c.Arguments)), argsWidth)
}
