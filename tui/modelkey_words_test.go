package tui

import (
	"strings"
	"testing"

	xansi "github.com/charmbracelet/x/ansi"

	"github.com/sophia-labs/vehicle/client"
	"github.com/sophia-labs/vehicle/tui/dialog"
	"github.com/sophia-labs/vehicle/tui/session"
)

// TestKeyDialogInWords (issue 25.6): against a host as strict as the seed
// (details.doors names each door's header and nothing else; GET /account
// says byok.provider and byok.defaultModel), the key dialog says the ways
// in in a person's words, from those fields, the headers a detail after
// them: not "X-Model-Key: …" first, and no door left with a header alone.
func TestKeyDialogInWords(t *testing.T) {
	t.Parallel()
	strict := []byte(`{"doors":{"byok":{"header":"X-Model-Key"},"account":{"header":"Authorization"}}}`)
	acc := account(client.AccountAnonymous, 1, nil)
	acc.Doors = &client.Doors{BYOK: client.Door{Header: "X-Model-Key"}, Account: client.Door{Header: "Authorization"}}
	acc.BYOK = &client.BYOK{Provider: "openrouter", DefaultModel: "openrouter/openai/gpt-6-luna"}
	for _, tc := range []struct {
		code, funding string
		want, not     []string
	}{
		{client.CodeModelKeyRequired, "credit",
			[]string{"This conversation needs someone to pay for the model. Either:",
				"→ your own OpenRouter key: the conversation runs on it, on openrouter/openai/gpt-6-luna unless you pick a model (it goes as the X-Model-Key header)",
				"→ a Sophia account with credit: its credit pays once you sign in (vehicle login, then start again; its token goes as the Authorization header)"},
			nil},
		{client.CodeModelKeyRequired, "byok",
			[]string{"This conversation runs on your own key, which the host no longer holds. Give it again:",
				"→ your own OpenRouter key"},
			[]string{"a Sophia account with credit"}},
		{client.CodeOutOfCredit, "credit",
			[]string{"Your account's credit is spent. To keep talking:", "→ your own OpenRouter key"},
			[]string{"a Sophia account with credit"}},
	} {
		t.Run(tc.code+"/"+tc.funding, func(t *testing.T) {
			m := opened(t, testConfig(t), 100, 40, publicSnapshot(tc.funding, 2), nil)
			feed(m, accountMsg{acc: acc})
			err := &client.Error{Status: client.StatusOf(tc.code), Code: tc.code, Message: "the host's own words", Details: strict}
			feed(m, append(typing("refused text"), keyEnter, session.SentMsg{Gen: m.tiles.Gen(), Out: session.Outgoing{Op: client.OpPrompt, Text: "refused text"}, Err: err})...)
			d, ok := m.top().(*dialog.Key)
			if !ok {
				t.Fatalf("no key dialog:\n%s", screen(m))
			}
			got := boxed(xansi.Strip(d.View()))
			for _, w := range append(tc.want, "The host said: "+tc.code+": the host's own words", "Your OpenRouter key, for every request") {
				if !strings.Contains(got, w) {
					t.Errorf("the dialog does not say %q:\n%s", w, got)
				}
			}
			for _, w := range append(tc.not, "→ X-Model-Key", "→ Authorization") {
				if strings.Contains(got, w) {
					t.Errorf("the dialog says %q:\n%s", w, got)
				}
			}
			feed(m, keyEsc)
			if pane := boxed(screen(m)); m.top() != nil || !strings.Contains(pane, "→ your own OpenRouter key") {
				t.Errorf("the account pane does not name the door in words:\n%s", screen(m))
			}
		})
	}
}
