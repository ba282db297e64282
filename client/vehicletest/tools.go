package vehicletest

import (
	"encoding/json"
	"strings"
)

// codeReply is the scripted model's answer to #code: two code blocks.
const codeReply = "Build it:\n\n```go\npackage main\n\nimport \"fmt\"\n\nfunc main() {\n\tfmt.Println(\"hello\")\n}\n```\n\n" +
	"then run it:\n\n```sh\ngo run .\n```\n"

// toolQuery is the arguments of the scripted model's search: the prompt
// without its markers as the query, and the round after the first.
func toolQuery(text string, round int) string {
	var words []string
	for _, w := range strings.Fields(text) {
		if !strings.HasPrefix(w, "#") {
			words = append(words, w)
		}
	}
	args := struct {
		Query string `json:"query"`
		Limit int    `json:"limit"`
		Round int    `json:"round,omitempty"`
	}{Query: strings.Join(words, " "), Limit: 5}
	if round > 1 {
		args.Round = round
	}
	b, _ := json.Marshal(args)
	return string(b)
}

// toolArguments is a tool call's arguments on the wire: args as they are
// when they are JSON, else as a JSON string; nil for none.
func toolArguments(args string) json.RawMessage {
	if args == "" {
		return nil
	}
	if json.Valid([]byte(args)) {
		return json.RawMessage(args)
	}
	b, _ := json.Marshal(args)
	return b
}
