// Where a Location leads and whether HttpSession follows it: relative references, the hop
// limit, https to http, the method after each status, and credentials kept to one host.
#include "sync/upstream/redirect_rules.h"

#include <gtest/gtest.h>

namespace gpq::sync {
namespace {

const Url kBase{"https", "celestrak.org", "/NORAD/elements/gp.php?GROUP=stations&FORMAT=csv"};

TEST(RedirectRulesTest, LocationsResolveAgainstTheAddressAsked) {
  const struct {
    const char* location;
    const char* expected;  // nullptr: not an http(s) address
  } rows[] = {
      {"https://mirror.example/gp.php?x=1", "https://mirror.example/gp.php?x=1"},
      {"HTTPS://Mirror.example", "https://Mirror.example/"},
      {"http://celestrak.org:8080/a", "http://celestrak.org:8080/a"},
      {"//mirror.example/x", "https://mirror.example/x"},
      {"/pub/gp.php?GROUP=stations", "https://celestrak.org/pub/gp.php?GROUP=stations"},
      {"gp2.php?GROUP=x", "https://celestrak.org/NORAD/elements/gp2.php?GROUP=x"},
      {"../../moved/gp.php", "https://celestrak.org/moved/gp.php"},
      {"./gp.php", "https://celestrak.org/NORAD/elements/gp.php"},
      {"../../../../too/far", "https://celestrak.org/too/far"},
      {"?GROUP=active", "https://celestrak.org/NORAD/elements/gp.php?GROUP=active"},
      {"/a/b/../c/./d#part", "https://celestrak.org/a/c/d"},
      {"  /padded  ", "https://celestrak.org/padded"},
      {"ftp://celestrak.org/gp", nullptr},
      {"javascript:alert(1)", nullptr},
      {"https://user:secret@evil.example/", nullptr},
      {"https:///no-host", nullptr},
      {"", nullptr},
  };
  for (const auto& row : rows) {
    const std::optional<Url> url = resolve_url(kBase, row.location);
    if (row.expected == nullptr) {
      EXPECT_FALSE(url.has_value()) << row.location << " -> " << (url ? url->text() : "");
    } else {
      ASSERT_TRUE(url.has_value()) << row.location;
      EXPECT_EQ(url->text(), row.expected) << row.location;
    }
  }
}

TEST(RedirectRulesTest, WhichStatusesRedirect) {
  for (const int status : {301, 302, 303, 307, 308}) {
    EXPECT_TRUE(is_redirect(status)) << status;
  }
  for (const int status : {200, 300, 304, 305, 306, 400, 403, 500}) {
    EXPECT_FALSE(is_redirect(status)) << status;
  }
}

TEST(RedirectRulesTest, TheMethodAfterEachStatus) {
  const struct {
    int status;
    const char* method;
    const char* next;
    bool keep_body;
  } rows[] = {
      {301, "GET", "GET", false},  {302, "GET", "GET", false},  {303, "GET", "GET", false},
      {307, "GET", "GET", false},  {308, "GET", "GET", false},  {301, "POST", "GET", false},
      {302, "POST", "GET", false}, {303, "POST", "GET", false}, {307, "POST", "POST", true},
      {308, "POST", "POST", true},
  };
  for (const auto& row : rows) {
    const RedirectStep step =
        next_redirect(kBase, row.status, "/next", row.method, 0, "https://celestrak.org");
    EXPECT_EQ(step.refusal, "") << row.status << " " << row.method;
    EXPECT_EQ(step.method, row.next) << row.status << " " << row.method;
    EXPECT_EQ(step.keep_body, row.keep_body) << row.status << " " << row.method;
    EXPECT_TRUE(step.send_cookies) << row.status << " " << row.method;
  }
}

TEST(RedirectRulesTest, FiveHopsAreFollowedAndASixthIsNot) {
  for (int hops = 0; hops < kMaxRedirects; ++hops) {
    EXPECT_EQ(next_redirect(kBase, 302, "/x", "GET", hops, "https://celestrak.org").refusal, "")
        << hops;
  }
  const RedirectStep sixth = next_redirect(kBase, 302, "/x", "GET", 5, "https://celestrak.org");
  EXPECT_EQ(sixth.refusal,
            "more than 5 redirects (the last from https://celestrak.org/NORAD/elements/"
            "gp.php?GROUP=stations&FORMAT=csv to https://celestrak.org/x); give the address they "
            "end at");
}

TEST(RedirectRulesTest, HttpsIsNeverLeftForHttp) {
  const RedirectStep down =
      next_redirect(kBase, 301, "http://celestrak.org/x", "GET", 0, "https://celestrak.org");
  EXPECT_TRUE(down.refusal.starts_with("refused to follow a redirect from https to http ("))
      << down.refusal;
  const Url plain{"http", "celestrak.org", "/x"};
  EXPECT_EQ(next_redirect(plain, 301, "https://celestrak.org/x", "GET", 0, "http://celestrak.org")
                .refusal,
            "");  // up is fine
  EXPECT_EQ(next_redirect(plain, 301, "http://mirror.example/x", "GET", 0, "http://celestrak.org")
                .refusal,
            "");  // http to http too
}

TEST(RedirectRulesTest, CookiesAndFormsStayWithTheSessionsHost) {
  const std::string own = "https://www.space-track.org";
  const Url login{"https", "www.space-track.org", "/ajaxauth/login"};
  // To another host: no cookies; a form is dropped by 303 and refused by 307/308.
  const RedirectStep away = next_redirect(login, 303, "https://elsewhere.example/", "POST", 0, own);
  EXPECT_EQ(away.refusal, "");
  EXPECT_FALSE(away.send_cookies);
  EXPECT_FALSE(away.keep_body);
  for (const int status : {307, 308}) {
    const RedirectStep resend =
        next_redirect(login, status, "https://elsewhere.example/login", "POST", 0, own);
    EXPECT_TRUE(resend.refusal.starts_with("refused to send a form")) << resend.refusal;
  }
  // Another port is another host.
  EXPECT_FALSE(
      next_redirect(login, 302, "https://www.space-track.org:8443/x", "GET", 0, own).send_cookies);
  // Back on the session's own host they go again, the form too.
  const Url away_url{"https", "elsewhere.example", "/"};
  const RedirectStep back =
      next_redirect(away_url, 307, "https://www.space-track.org/x", "POST", 1, own);
  EXPECT_EQ(back.refusal, "");
  EXPECT_TRUE(back.send_cookies);
  EXPECT_TRUE(back.keep_body);
}

TEST(RedirectRulesTest, ALocationThatIsNoAddressIsNotFollowed) {
  const RedirectStep step =
      next_redirect(kBase, 302, "mailto:x@example.org", "GET", 0, "https://celestrak.org");
  EXPECT_TRUE(step.refusal.find("not an http(s) address") != std::string::npos) << step.refusal;
}

}  // namespace
}  // namespace gpq::sync
