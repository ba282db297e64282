package ui

import (
	"strings"
	"time"

	"github.com/sophia-labs/vehicle/client/wire"
	"github.com/sophia-labs/vehicle/theme"
)

// What a session is: its profile and box, its model, who pays for it and
// what the person may do in it. The header and the picker show it short;
// the info dialog shows it whole, with where the record lives.

// Funding and access values of a summary.
const (
	FundingMember = "member" // the house pays: the graph's own member
	FundingBYOK   = "byok"   // the person's own model key pays
	FundingCredit = "credit" // an account's credit pays
	AccessReader  = "reader" // a viewer's session: the reader tools only
)

// ProfileText is a summary's profile: "chat", or "agent · bwrap" with its
// box.
func ProfileText(s wire.Summary) string {
	p := Or(NameLine(s.Profile), wire.ProfileChat)
	if s.Isolation != "" {
		p += " · " + NameLine(s.Isolation)
	}
	return p
}

// ModelShort is a model's last path segment ("gpt-6-luna" for
// "openrouter/openai/gpt-6-luna"), for one-line places.
func ModelShort(model string) string {
	model = NameLine(model)
	if i := strings.LastIndex(model, "/"); i >= 0 && i < len(model)-1 {
		return model[i+1:]
	}
	return model
}

// FundingText says who pays: "byok", "credit", or "house" for a member's
// session on the host's own key.
func FundingText(funding string) string {
	switch funding {
	case "", FundingMember:
		return "house"
	}
	return NameLine(funding)
}

// Funding says who pays for a session, short (the header's) and whole (the
// info dialog's), once the person gave a model key too (keyGiven): a credit
// session runs on the key from the next request that brings it (the seed's
// first door); a member's stays on the host's own key, which the words say,
// until the host's summary says otherwise.
func Funding(funding string, keyGiven bool) (short, long string) {
	short = FundingText(funding)
	switch {
	case funding == FundingBYOK:
		return short, "byok: your own model key pays"
	case funding == FundingCredit && keyGiven:
		return "byok", "byok: your own model key pays from your next message (the session was on credit)"
	case funding == FundingCredit:
		return short, "credit: your account's credit pays"
	case short != "house":
		return short, short + ": the host's word for who pays"
	case keyGiven:
		return "house, not your key", "house: the host's own key pays, not the key you gave (a member's session)"
	}
	return short, "house: the host's own key pays"
}

// What the header says of access: the session's agent (a viewer's session
// reads the graph and writes nothing there) and the person (whose role
// dropped to viewer: they read the session, and cannot drive it).
const (
	ReaderFact  = "reads the graph only"
	ReducedFact = "you read, not drive"
)

// SessionFacts is the header's short line of what the session is:
// "agent · bwrap · gpt-6-luna · byok" (who pays as Funding says it, once a
// model key was given too: keyGiven), then "reads the graph only" for a
// viewer's session (its agent has the reader tools; the person still
// drives it) and "you read, not drive" once the person's role dropped to
// viewer (reduced).
func SessionFacts(s wire.Summary, reduced, keyGiven bool) string {
	facts := []string{ProfileText(s)}
	if m := ModelShort(s.Model); m != "" {
		facts = append(facts, m)
	}
	funding, _ := Funding(s.Funding, keyGiven)
	facts = append(facts, funding)
	if s.Access == AccessReader {
		facts = append(facts, ReaderFact)
	}
	if reduced {
		facts = append(facts, ReducedFact)
	}
	return strings.Join(facts, " · ")
}

// PickerKind is a listed session's profile and model, for the picker
// ("agent gpt-6-luna"; the box is in the session's header).
func PickerKind(s wire.Summary) string {
	p := Or(NameLine(s.Profile), wire.ProfileChat)
	if m := ModelShort(s.Model); m != "" {
		p += " " + m
	}
	return p
}

// MirrorText says where the session's record lives in the graph.
func MirrorText(m wire.Mirror, st *theme.Styles, loc *time.Location) []string {
	doc := NameLine(m.DocumentID)
	switch m.State {
	case "written":
		line := "✓ written to document " + doc
		if m.WrittenAt != nil {
			line += " at " + m.WrittenAt.In(loc).Format("2006-01-02 15:04:05")
		}
		out := []string{st.StatusGood.Render(line)}
		if m.Folder != "" {
			out = append(out, "  in the folder "+NameLine(m.Folder))
		}
		return out
	case "failed":
		where := ""
		if doc != "" {
			where = " (document " + doc + ")"
		}
		return []string{st.StatusError.Render("✗ the last write failed" + where + ": " +
			Or(NameLine(m.Error), "no message")), "  it is tried again after the next run settles"}
	case "pending":
		return []string{"· pending: written after the next run settles"}
	case "skipped":
		return []string{"· skipped: " + Or(NameLine(m.Reason), "the host gave no reason")}
	case "off":
		return []string{"· off: this host does not mirror sessions into the graph"}
	}
	return []string{"· the host has not said (" + Or(NameLine(m.State), "no state") + ")"}
}

// Or is s, or otherwise when s is empty.
func Or(s, otherwise string) string {
	if s == "" {
		return otherwise
	}
	return s
}
