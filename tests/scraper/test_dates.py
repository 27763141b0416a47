"""Every date form the supported forums show, read in the forum's time zone (scraper.dates).

Each row is what a GM would check by hand: the text on the page, the crawl moment, the forum's
zone, and the exact local time (with its UTC offset) the post was made.
"""
from __future__ import annotations

import json
from datetime import date, datetime, timedelta, timezone
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from mafvote_scraper import ScraperError
from mafvote_scraper.dates import DateNotRecognised, combine_date_and_time, parse_displayed, parse_machine

MSK = ZoneInfo("Europe/Moscow")
KYIV = ZoneInfo("Europe/Kiev")
BERLIN = ZoneInfo("Europe/Berlin")
UTC = timezone.utc

NOW = datetime(2027, 1, 1, 18, 40, tzinfo=MSK)                  # a Friday; the MyBB capture moment
AFTER_MIDNIGHT = datetime(2027, 1, 1, 0, 30, tzinfo=MSK)
AFTER_MIDNIGHT_UTC = datetime(2026, 12, 31, 21, 30, tzinfo=UTC)  # 00:30 in Moscow, 23:30 in Kyiv
BERLIN_SWITCH_NOON = datetime(2027, 3, 28, 12, 0, tzinfo=BERLIN)  # clocks went 02:00 -> 03:00 this night
BERLIN_SWITCH_EARLY = datetime(2027, 3, 28, 5, 0, tzinfo=BERLIN)

# (text as the page shows it, crawl moment, forum zone, expected local time with offset)
DISPLAYED = [
    # phpBB 3.x prosilver, English and Russian packs
    ("» Fri Aug 21, 2020 3:54 pm", NOW, MSK, "2020-08-21T15:54:00+03:00"),
    ("by Stan » Fri Aug 21, 2020 3:54 pm", NOW, MSK, "2020-08-21T15:54:00+03:00"),
    ("» 24 Aug 2020 04:27", NOW, MSK, "2020-08-24T04:27:00+03:00"),
    ("17 сен 2009, 21:51", NOW, MSK, "2009-09-17T21:51:00+04:00"),  # Moscow kept summer time then
    ("22 мар, 2018, 1:12", NOW, MSK, "2018-03-22T01:12:00+03:00"),
    ("Сегодня, 13:37", NOW, MSK, "2027-01-01T13:37:00+03:00"),
    ("Вчера, 22:10", NOW, MSK, "2026-12-31T22:10:00+03:00"),
    ("менее минуты назад", NOW, MSK, "2027-01-01T18:40:00+03:00"),
    ("5 минут назад", NOW, MSK, "2027-01-01T18:35:00+03:00"),
    ("1 минуту назад", NOW, MSK, "2027-01-01T18:39:00+03:00"),
    ("1 час назад", NOW, MSK, "2027-01-01T17:40:00+03:00"),
    ("2 часа назад", NOW, MSK, "2027-01-01T16:40:00+03:00"),
    ("час назад", NOW, MSK, "2027-01-01T17:40:00+03:00"),
    ("Yesterday, 11:05", NOW, MSK, "2026-12-31T11:05:00+03:00"),
    ("15 minutes ago", NOW, MSK, "2027-01-01T18:25:00+03:00"),
    # phpBB 2 "Posted: …  Post subject: …"
    ("Posted: Fri Aug 21, 2020 3:54 pm    Post subject: Re: голосование", NOW, MSK, "2020-08-21T15:54:00+03:00"),
    # MyBB 1.8 (m-d-Y h:i A and d.m.Y H:i boards)
    ("12-30-2026, 08:00 PM", NOW, MSK, "2026-12-30T20:00:00+03:00"),
    ("30.12.2026, 20:00", NOW, MSK, "2026-12-30T20:00:00+03:00"),
    ("Today, 05:20 AM", NOW, MSK, "2027-01-01T05:20:00+03:00"),
    ("Today, 12:02 AM", NOW, MSK, "2027-01-01T00:02:00+03:00"),
    ("Yesterday, 12:00 PM", NOW, MSK, "2026-12-31T12:00:00+03:00"),
    ("Yesterday, 05:05 PM", NOW, MSK, "2026-12-31T17:05:00+03:00"),
    ("10 hours ago", NOW, MSK, "2027-01-01T08:40:00+03:00"),
    ("1 hour ago", NOW, MSK, "2027-01-01T17:40:00+03:00"),
    ("54 minutes ago", NOW, MSK, "2027-01-01T17:46:00+03:00"),
    ("1 minute ago", NOW, MSK, "2027-01-01T18:39:00+03:00"),
    ("Less than 1 minute ago", NOW, MSK, "2027-01-01T18:40:00+03:00"),
    ("In 5 minutes", NOW, MSK, "2027-01-01T18:45:00+03:00"),
    ("(12-30-2026, 08:07 PM)", NOW, MSK, "2026-12-30T20:07:00+03:00"),   # the date in a quote's cite
    # PunBB / FluxBB / mybb.ru family
    ("Today 11:29:23", NOW, MSK, "2027-01-01T11:29:23+03:00"),
    ("Yesterday 20:47:30", NOW, MSK, "2026-12-31T20:47:30+03:00"),
    ("2009-09-17 21:51:00", NOW, MSK, "2009-09-17T21:51:00+04:00"),
    ("Сегодня 12:34:56", NOW, MSK, "2027-01-01T12:34:56+03:00"),
    ("Вчера 23:59:59", NOW, MSK, "2026-12-31T23:59:59+03:00"),
    ("17.09.2009 21:51:00", NOW, MSK, "2009-09-17T21:51:00+04:00"),
    ("Отредактировано Ronin (17.09.2009 21:51:00)", NOW, MSK, "2009-09-17T21:51:00+04:00"),
    # TorrentPier (rutracker): d-Mon-y H:i with the "posted since" tail
    ("14-Ноя-15 00:38", NOW, MSK, "2015-11-14T00:38:00+03:00"),
    ("14-Ноя-15 00:38 (спустя 24 мин.)", NOW, MSK, "2015-11-14T00:38:00+03:00"),
    ("02-Янв-27 10:00", datetime(2027, 1, 2, 12, 0, tzinfo=MSK), MSK, "2027-01-02T10:00:00+03:00"),
    # 4pda / IPB 2
    ("13.12.21, 14:42", NOW, MSK, "2021-12-13T14:42:00+03:00"),
    ("Сегодня, 13:24", NOW, MSK, "2027-01-01T13:24:00+03:00"),
    ("Вчера, 09:00", NOW, MSK, "2026-12-31T09:00:00+03:00"),
    # IPS 4
    ("4 мая, 2019", NOW, MSK, "2019-05-04T00:00:00+03:00"),
    ("Вчера в 18:29", NOW, MSK, "2026-12-31T18:29:00+03:00"),
    # vBulletin 3/4/5
    ("17.09.2009, 21:51", NOW, MSK, "2009-09-17T21:51:00+04:00"),
    ("Сегодня, 10:03", NOW, MSK, "2027-01-01T10:03:00+03:00"),
    ("Вчера, 13:02", NOW, MSK, "2026-12-31T13:02:00+03:00"),
    ("2016-02-01, 02:21", NOW, MSK, "2016-02-01T02:21:00+03:00"),
    ("06-15-2016,\xa003:03 PM", NOW, MSK, "2016-06-15T15:03:00+03:00"),
    ("Today, 10:22 PM", AFTER_MIDNIGHT.replace(hour=23), MSK, "2027-01-01T22:22:00+03:00"),
    ("Last edited by Ronin; 2016-02-01 at 03:31", NOW, MSK, "2016-02-01T03:31:00+03:00"),
    # SMF 2
    ("17 Сентябрь 2009, 21:51:00", NOW, MSK, "2009-09-17T21:51:00+04:00"),
    ("Сегодня в 10:22", NOW, MSK, "2027-01-01T10:22:00+03:00"),
    ("Today at 09:03:12 AM", NOW, MSK, "2027-01-01T09:03:12+03:00"),
    ("« Reply #1 on: September 19, 2007, 02:16:51 PM »", NOW, MSK, "2007-09-19T14:16:51+04:00"),
    ("« on: September 19, 2007, 02:16:51 PM »", NOW, MSK, "2007-09-19T14:16:51+04:00"),
    ("« Ответ #1 : 17 Сентябрь 2009, 21:51:00 »", NOW, MSK, "2009-09-17T21:51:00+04:00"),
    ("Last Edit: September 24, 2007, 12:57:14 PM by Ronin", NOW, MSK, "2007-09-24T12:57:14+04:00"),
    # XenForo 1/2
    ("17 сен 2009", NOW, MSK, "2009-09-17T00:00:00+04:00"),
    ("11 Июль 2013", NOW, MSK, "2013-07-11T00:00:00+04:00"),
    ("11 Июль 2013 в 18:29", NOW, MSK, "2013-07-11T18:29:00+04:00"),
    ("Сегодня, в 10:03", NOW, MSK, "2027-01-01T10:03:00+03:00"),
    ("Вчера, в 13:02", NOW, MSK, "2026-12-31T13:02:00+03:00"),
    ("Вторник, в 21:03", NOW, MSK, "2026-12-29T21:03:00+03:00"),   # NOW is a Friday
    ("Воскресенье в 09:00", NOW, MSK, "2026-12-27T09:00:00+03:00"),
    ("Среду в 12:00", NOW, MSK, "2026-12-30T12:00:00+03:00"),
    ("Friday at 8:00 PM", NOW, MSK, "2026-12-25T20:00:00+03:00"),  # today's weekday: a week ago
    ("Oct 19, 2014 at 8:27 PM", NOW, MSK, "2014-10-19T20:27:00+04:00"),
    # uCoz
    ("Дата: Понедельник, 08.06.2009, 14:59 | Сообщение # 1", NOW, MSK, "2009-06-08T14:59:00+04:00"),
    ("Сообщение отредактировал Ronin - Пятница, 13.11.2009, 12:00", NOW, MSK, "2009-11-13T12:00:00+03:00"),
    # Russian genitive and English months, with and without year
    ("12 марта 2015 г., 21:51", NOW, MSK, "2015-03-12T21:51:00+03:00"),
    ("1 января 2027", NOW, MSK, "2027-01-01T00:00:00+03:00"),
    ("1 января 2027 года в 10:05", NOW, MSK, "2027-01-01T10:05:00+03:00"),
    ("3 мая", NOW, MSK, "2026-05-03T00:00:00+03:00"),                 # a yearless May date is the last May
    ("1 января, 10:00", NOW, MSK, "2027-01-01T10:00:00+03:00"),
    ("30 дек. 2026, 20:00", NOW, MSK, "2026-12-30T20:00:00+03:00"),
    ("September 19, 2007", NOW, MSK, "2007-09-19T00:00:00+04:00"),
    ("19 Sept 2007 14:16", NOW, MSK, "2007-09-19T14:16:00+04:00"),
    ("ноябрь 14, 2015 00:38", NOW, MSK, "2015-11-14T00:38:00+03:00"),
    ("17 сент. 2009 г. в 21:51", NOW, MSK, "2009-09-17T21:51:00+04:00"),
    ("Aug 21st, 2020, 3:54 pm", NOW, MSK, "2020-08-21T15:54:00+03:00"),
    ("21:51, 17.09.2009", NOW, MSK, "2009-09-17T21:51:00+04:00"),
    ("17.09.2009г. 21:51", NOW, MSK, "2009-09-17T21:51:00+04:00"),
    ("17 сентября 2009 года в 21:51", NOW, MSK, "2009-09-17T21:51:00+04:00"),
    # 12-hour clocks, Russian day-part words
    ("Вчера, 9:15 вечера", NOW, MSK, "2026-12-31T21:15:00+03:00"),
    ("Сегодня, 12:30 ночи", NOW, MSK, "2027-01-01T00:30:00+03:00"),
    ("12 марта 2015, 8:05 утра", NOW, MSK, "2015-03-12T08:05:00+03:00"),
    ("12 марта 2015, 3:05 дня", NOW, MSK, "2015-03-12T15:05:00+03:00"),
    ("Today, 9:15 p.m.", NOW, MSK, "2027-01-01T21:15:00+03:00"),
    # two-digit years
    ("01.01.99, 10:00", NOW, MSK, "1999-01-01T10:00:00+03:00"),
    ("31.12.26 23:59", NOW, MSK, "2026-12-31T23:59:00+03:00"),
    # noise around the date
    ("Отправлено: 17.09.2009, 21:51", NOW, MSK, "2009-09-17T21:51:00+04:00"),
    ("Добавлено: Сегодня, 12:00", NOW, MSK, "2027-01-01T12:00:00+03:00"),
    ("  Posted:\n\t24 Aug 2020 04:27  ", NOW, MSK, "2020-08-24T04:27:00+03:00"),
    ("Сообщение #5 Вчера, 13:02", NOW, MSK, "2026-12-31T13:02:00+03:00"),
    # edit notices handed over whole
    ("Last edited by Stan on Sun May 26, 2019 5:35 pm, edited 2 times in total.", NOW, MSK,
     "2019-05-26T17:35:00+03:00"),
    ("Последний раз редактировалось Ronin Bot 17 сен 2009, 21:51, всего редактировалось 1 раз.", NOW, MSK,
     "2009-09-17T21:51:00+04:00"),
    ("(This post was last modified: Yesterday, 05:20 PM by Trusiki Kayfa.)", NOW, MSK, "2026-12-31T17:20:00+03:00"),
    ("Сообщение отредактировал Ronin: 14 Ноября 2015 - 00:38", NOW, MSK, "2015-11-14T00:38:00+03:00"),
    ("Изменено: 17 сен 2009, 21:51 от Ronin", NOW, MSK, "2009-09-17T21:51:00+04:00"),
    ("Отредактировано Ronin (Сегодня 12:34:56)", NOW, MSK, "2027-01-01T12:34:56+03:00"),
    ("(This post was last modified: 12-31-2026, 05:20 PM by Trusiki Kayfa. Edit Reason: голос за 2 игрока)", NOW, MSK,
     "2026-12-31T17:20:00+03:00"),
    # quote headers: the name comes before the date
    ("Цитата: РэдДи от 30 Декабря 2026, 20:07:31", NOW, MSK, "2026-12-30T20:07:31+03:00"),
    ("Цитата: Ronin427 от 30 Декабря 2026, 20:07:31", NOW, MSK, "2026-12-30T20:07:31+03:00"),
    ("Quote from: Ronin Bot on September 19, 2007, 02:16:51 PM", NOW, MSK, "2007-09-19T14:16:51+04:00"),
    ("РэдДи (30 Декабрь 2026 - 20:07) писал:", NOW, MSK, "2026-12-30T20:07:00+03:00"),
    # IPB 2/3 "d M Y - h:i A"; an ISO text without offset is in the forum zone
    ("14 Nov 2015 - 12:38 AM", NOW, MSK, "2015-11-14T00:38:00+03:00"),
    ("2009-09-17T21:51:00", NOW, MSK, "2009-09-17T21:51:00+04:00"),
    ("2009-09-17T17:51:00Z", NOW, MSK, "2009-09-17T21:51:00+04:00"),
    # just now / short units (XenForo, IPS 4)
    ("Только что", NOW, MSK, "2027-01-01T18:40:00+03:00"),
    ("Just now", NOW, MSK, "2027-01-01T18:40:00+03:00"),
    ("A moment ago", NOW, MSK, "2027-01-01T18:40:00+03:00"),
    ("Минуту назад", NOW, MSK, "2027-01-01T18:39:00+03:00"),
    ("5 мин. назад", NOW, MSK, "2027-01-01T18:35:00+03:00"),
    ("3 ч. назад", NOW, MSK, "2027-01-01T15:40:00+03:00"),
    ("5h ago", NOW, MSK, "2027-01-01T13:40:00+03:00"),
    ("две минуты назад", NOW, MSK, "2027-01-01T18:38:00+03:00"),
    ("полчаса назад", NOW, MSK, "2027-01-01T18:10:00+03:00"),
    ("1 день 2 часа назад", NOW, MSK, "2026-12-31T16:40:00+03:00"),
    ("неделю назад", NOW, MSK, "2026-12-25T18:40:00+03:00"),
    # a zone written in the text wins over the configured one (here a Kyiv forum)
    ("17.09.2009, 21:51 (MSK)", NOW, KYIV, "2009-09-17T20:51:00+03:00"),
    ("17.09.2009, 21:51 МСК", NOW, KYIV, "2009-09-17T20:51:00+03:00"),
    ("Fri Aug 21, 2020 3:54 pm GMT+3", NOW, KYIV, "2020-08-21T15:54:00+03:00"),
    ("24 Aug 2020 04:27 GMT + 3 Hours", NOW, KYIV, "2020-08-24T04:27:00+03:00"),
    ("17.09.2009 21:51 GMT-05:30", NOW, KYIV, "2009-09-18T06:21:00+03:00"),
    ("Сегодня, 01:00 UTC", NOW, KYIV, "2027-01-01T03:00:00+02:00"),
    # month-first dashes unless the first part cannot be a month
    ("05-06-2026, 14:00", NOW, MSK, "2026-05-06T14:00:00+03:00"),
    ("30-12-2026, 14:00", NOW, MSK, "2026-12-30T14:00:00+03:00"),
    ("12/30/2026 08:00 PM", NOW, MSK, "2026-12-30T20:00:00+03:00"),
    # Ukrainian boards
    ("Сьогодні, 10:15", NOW, KYIV, "2027-01-01T10:15:00+02:00"),
    ("17 вересня 2009, 21:51", NOW, KYIV, "2009-09-17T21:51:00+03:00"),
    ("5 хвилин тому", NOW, KYIV, "2027-01-01T17:35:00+02:00"),
    # today/yesterday across midnight
    ("Вчера, 23:50", AFTER_MIDNIGHT, MSK, "2026-12-31T23:50:00+03:00"),
    ("Сегодня, 00:10", AFTER_MIDNIGHT, MSK, "2027-01-01T00:10:00+03:00"),
    ("45 минут назад", AFTER_MIDNIGHT, MSK, "2026-12-31T23:45:00+03:00"),
    ("Yesterday, 11:50 PM", AFTER_MIDNIGHT, MSK, "2026-12-31T23:50:00+03:00"),
    # a crawl moment given in UTC: the day is the forum's, not UTC's (21:30Z is already Jan 1 in Moscow)
    ("Вчера, 23:50", AFTER_MIDNIGHT_UTC, MSK, "2026-12-31T23:50:00+03:00"),
    ("Сегодня, 00:10", AFTER_MIDNIGHT_UTC, MSK, "2027-01-01T00:10:00+03:00"),
    ("5 минут назад", AFTER_MIDNIGHT_UTC, MSK, "2027-01-01T00:25:00+03:00"),
    # the same instant in Kyiv (UTC+2) is still Dec 31
    ("Вчера, 23:50", AFTER_MIDNIGHT_UTC, KYIV, "2026-12-30T23:50:00+02:00"),
    ("Сегодня, 00:10", AFTER_MIDNIGHT_UTC, KYIV, "2026-12-31T00:10:00+02:00"),
    ("17.09.2009, 21:51", AFTER_MIDNIGHT_UTC, KYIV, "2009-09-17T21:51:00+03:00"),
    # a crawl moment given in Moscow time, forum in Kyiv
    ("Вчера, 23:50", AFTER_MIDNIGHT, KYIV, "2026-12-30T23:50:00+02:00"),
    # Berlin: 2027-03-28 02:00 CET -> 03:00 CEST; 2027-10-31 03:00 CEST -> 02:00 CET
    ("Вчера, 23:00", BERLIN_SWITCH_NOON, BERLIN, "2027-03-27T23:00:00+01:00"),
    ("Сегодня, 01:30", BERLIN_SWITCH_NOON, BERLIN, "2027-03-28T01:30:00+01:00"),
    ("Сегодня, 03:30", BERLIN_SWITCH_NOON, BERLIN, "2027-03-28T03:30:00+02:00"),
    ("5 часов назад", BERLIN_SWITCH_EARLY, BERLIN, "2027-03-27T23:00:00+01:00"),   # 6 h of wall clock
    ("28.03.2027, 02:30", BERLIN_SWITCH_NOON, BERLIN, "2027-03-28T02:30:00+01:00"),  # gap: fold=0
    ("31.10.2027, 02:30", BERLIN_SWITCH_NOON, BERLIN, "2027-10-31T02:30:00+02:00"),  # overlap: fold=0
    ("Today, 2:30 AM", datetime(2027, 10, 31, 9, 0, tzinfo=BERLIN), BERLIN, "2027-10-31T02:30:00+02:00"),
]


@pytest.mark.parametrize(("text", "now", "tz", "expected"), DISPLAYED,
                         ids=[f"{row[0]}@{row[1].isoformat()}/{row[2]}" for row in DISPLAYED])
def test_displayed_form_is_read_in_forum_zone(text, now, tz, expected):
    got = parse_displayed(text, tz=tz, now=now)
    assert got.isoformat() == expected
    assert got.tzinfo is tz
    assert got.astimezone(UTC) == datetime.fromisoformat(expected).astimezone(UTC)


def test_dst_gap_time_is_the_instant_before_the_switch():
    # 02:30 does not exist in Berlin on 2027-03-28; fold=0 reads it with CET (+01:00): 01:30 UTC
    got = parse_displayed("28.03.2027, 02:30", tz=BERLIN, now=BERLIN_SWITCH_NOON)
    assert got.fold == 0
    assert got.astimezone(UTC) == datetime(2027, 3, 28, 1, 30, tzinfo=UTC)


def test_dst_overlap_time_is_the_first_occurrence():
    # 02:30 happens twice in Berlin on 2027-10-31; fold=0 is the first one, still in summer time
    got = parse_displayed("31.10.2027, 02:30", tz=BERLIN, now=BERLIN_SWITCH_NOON)
    assert got.astimezone(UTC) == datetime(2027, 10, 31, 0, 30, tzinfo=UTC)


# (text, profile formats, expected): a profile format decides what the generic reader cannot
WITH_FORMATS = [
    ("05-06-2026, 14:00", ["%d-%m-%Y, %H:%M"], "2026-06-05T14:00:00+03:00"),    # a d-m-Y board
    ("17 Сентябрь 2009, 21:51:00", ["%d %B %Y, %H:%M:%S"], "2009-09-17T21:51:00+04:00"),
    ("17 сен 2009, 21:51", ["%d %b %Y, %H:%M"], "2009-09-17T21:51:00+04:00"),
    ("Fri Aug 21, 2020 3:54 pm", ["%a %b %d, %Y %I:%M %p"], "2020-08-21T15:54:00+03:00"),
    ("Понедельник, 08.06.2009, 14:59", ["%A, %d.%m.%Y, %H:%M"], "2009-06-08T14:59:00+04:00"),
    ("14-Ноя-15 00:38", ["%d-%b-%y %H:%M"], "2015-11-14T00:38:00+03:00"),
    ("4 мая, 10:00", ["%d %b, %H:%M"], "2026-05-04T10:00:00+03:00"),            # no year in the format
    ("2026-12-30 20:00 +0000", ["%Y-%m-%d %H:%M %z"], "2026-12-30T23:00:00+03:00"),
    ("12 марта 2015 г., 8:05 вечера", ["%d %B %Y г., %I:%M %p"], "2015-03-12T20:05:00+03:00"),
    # the first format that fits wins; relative days still work with a profile's absolute formats
    ("30.12.2026, 20:00", ["%m-%d-%Y, %I:%M %p", "%d.%m.%Y, %H:%M"], "2026-12-30T20:00:00+03:00"),
    ("Yesterday, 05:05 PM", ["%m-%d-%Y, %I:%M %p"], "2026-12-31T17:05:00+03:00"),
]


@pytest.mark.parametrize(("text", "formats", "expected"), WITH_FORMATS, ids=[r[0] for r in WITH_FORMATS])
def test_profile_formats_are_tried_first(text, formats, expected):
    assert parse_displayed(text, tz=MSK, now=NOW, formats=formats).isoformat() == expected


def test_offset_text_needs_a_profile_format():
    with pytest.raises(DateNotRecognised):
        parse_displayed("2026-12-30 20:00 +0000", tz=MSK, now=NOW)


BAD = [
    ("", "empty"),
    ("   ", "empty"),
    ("Ronin", "unknown word"),
    ("martedì 21 gennaio 2020, 14:24", "unknown word"),
    ("32.01.2027, 10:00", "no such day"),
    ("29.02.2027, 10:00", "no such day"),
    ("Сегодня, 25:00", "no such time"),
    ("Сегодня, 13:61", "no such time"),
    ("13:05 PM", "hour 13"),
    ("2 месяца назад", "too coarse"),
    ("3 years ago", "too coarse"),
    ("Сегодня, 10:00, 11:00", "more than one time"),
    ("Вчера 17 сен 2009", "both a date and a relative day"),
    ("17.09.2009 18.09.2009", "more than one date"),
    ("12 2009, 10:00", "do not form a date"),
    ("Сентябрь 2009", "cannot tell day and year apart"),
    ("Ronin Вчера 17 сен 2009", "unknown word 'ronin'"),   # a name is skipped, but not a second date
]


@pytest.mark.parametrize(("text", "reason"), BAD, ids=[r[0] or "<empty>" for r in BAD])
def test_unreadable_text_names_itself(text, reason):
    with pytest.raises(DateNotRecognised) as caught:
        parse_displayed(text, tz=MSK, now=NOW)
    message = str(caught.value)
    assert f'"{text}"' in message
    assert reason in message
    assert "date_formats" in message          # what the GM (or profile author) can do about it
    assert caught.value.text == text


def test_text_from_a_wrongly_decoded_page_is_refused_not_read_as_today():
    # "Вчера 13:02:40" from a windows-1251 page decoded as UTF-8: the day word is lost
    text = "\ufffd\ufffd\ufffd\ufffd\ufffd 13:02:40"
    with pytest.raises(DateNotRecognised, match="charset"):
        parse_displayed(text, tz=MSK, now=NOW)


def test_date_not_recognised_is_a_scraper_error_and_a_value_error():
    with pytest.raises(ScraperError):
        parse_displayed("ничего", tz=MSK, now=NOW)
    with pytest.raises(ValueError):
        parse_displayed("ничего", tz=MSK, now=NOW)


def test_naive_now_is_refused():
    with pytest.raises(ValueError, match="timezone-aware"):
        parse_displayed("Сегодня, 10:00", tz=MSK, now=datetime(2027, 1, 1, 12, 0))


MACHINE = [
    ("2027-01-01T10:00:00+05:00", "2027-01-01T10:00:00+05:00"),     # the page's offset is kept
    ("2027-01-01T10:00:00", "2027-01-01T10:00:00+03:00"),           # vB5: no offset = forum zone
    ("2027-01-01T10:00:00Z", "2027-01-01T10:00:00+00:00"),
    ("2026-12-31T21:02:11.000Z", "2026-12-31T21:02:11+00:00"),
    ("2027-01-01", "2027-01-01T00:00:00+03:00"),
    ("1798650451", "2026-12-30T20:07:31+03:00"),                    # unix seconds (mybb.ru data-posted)
    ("1798650451000", "2026-12-30T20:07:31+03:00"),                 # unix ms (NodeBB data-timestamp)
    (" 1798650008 ", "2026-12-30T20:00:08+03:00"),
    ("Wed, 30 Dec 2026 17:00:08 +0000", "2026-12-30T17:00:08+00:00"),  # MyBB RSS pubDate
]


@pytest.mark.parametrize(("value", "expected"), MACHINE, ids=[m[0] for m in MACHINE])
def test_machine_value(value, expected):
    assert parse_machine(value, tz=MSK).isoformat() == expected


@pytest.mark.parametrize("value", ["", "вчера", "12-30-2026, 08:00 PM", "2027-13-01T00:00:00", "99999999999999999999",
                                   "0", "-1", "12345"])
def test_machine_value_not_a_time(value):
    with pytest.raises(DateNotRecognised) as caught:
        parse_machine(value, tz=MSK)
    assert f'"{value}"' in str(caught.value)
    assert "time_attrs" in str(caught.value)


COMBINED = [
    # MyBB: the title has the date, the text the time of day
    ("12-31-2026", "Yesterday, 05:05 PM", NOW, "2026-12-31T17:05:00+03:00"),
    ("01-01-2027", "Today, 12:02 AM", NOW, "2027-01-01T00:02:00+03:00"),
    ("31.12.2026", "Yesterday, 15:20", NOW, "2026-12-31T15:20:00+03:00"),
    ("12-31-2026", ", 05:05 PM", NOW, "2026-12-31T17:05:00+03:00"),
    # the title is authoritative even when the visible day word is stale (page rendered before midnight)
    ("12-31-2026", "Today, 11:58 PM", AFTER_MIDNIGHT_UTC, "2026-12-31T23:58:00+03:00"),
    # "N hours ago": the title holds the full date and time
    ("01-01-2027, 08:00 AM", "10 hours ago", NOW, "2027-01-01T08:00:00+03:00"),
    ("01.01.2027, 18:39", "Less than 1 minute ago", NOW, "2027-01-01T18:39:00+03:00"),
    # no title (the parser passes the visible text for both)
    ("Вчера", "Вчера, 13:02", NOW, "2026-12-31T13:02:00+03:00"),
]


@pytest.mark.parametrize(("date_text", "time_text", "now", "expected"), COMBINED,
                         ids=[f"{c[0]}+{c[1]}" for c in COMBINED])
def test_combine_date_and_time(date_text, time_text, now, expected):
    assert combine_date_and_time(date_text, time_text, tz=MSK, now=now).isoformat() == expected


def test_combine_with_a_dmy_profile_format():
    got = combine_date_and_time("05-06-2026", "Yesterday, 14:00", tz=MSK, now=NOW, formats=["%d-%m-%Y, %H:%M"])
    assert got.isoformat() == "2026-06-05T14:00:00+03:00"


def test_combine_names_both_texts_when_the_date_is_bad():
    with pytest.raises(DateNotRecognised) as caught:
        combine_date_and_time("32-13-2026", "Yesterday, 05:05 PM", tz=MSK, now=NOW)
    assert "32-13-2026" in str(caught.value) and "Yesterday, 05:05 PM" in str(caught.value)


# --- the real MyBB vote thread (45 posts, board tz +3) against the database's true times ---------------

MYBB = json.loads((Path(__file__).parents[1] / "data" / "dates" / "mybb_vote_thread_dates.json").read_text("utf-8"))
MYBB_NOW = datetime.fromisoformat(MYBB["now"])
MYBB_LATER = datetime.fromisoformat(MYBB["later_now"])


def _true_minute(post: dict) -> datetime:
    # the page shows minutes; the database has seconds
    return datetime.fromisoformat(post["msk"]).replace(second=0, tzinfo=MSK)


def _read_like_a_profile(title: str | None, text: str, now: datetime) -> datetime:
    if title is None:
        return parse_displayed(text, tz=MSK, now=now)
    return combine_date_and_time(title, text, tz=MSK, now=now)


@pytest.mark.parametrize("post", MYBB["posts"], ids=[f"pid{p['pid']}" for p in MYBB["posts"]])
def test_mybb_every_post_time_matches_the_database(post):
    truth = _true_minute(post)
    assert _read_like_a_profile(post["title"], post["text"], MYBB_NOW) == truth
    assert _read_like_a_profile(post["dmy_title"], post["dmy_text"], MYBB_NOW) == truth
    assert parse_displayed(post["later_text"], tz=MSK, now=MYBB_LATER) == truth
    # the crawler may be handed the moment in UTC
    assert _read_like_a_profile(post["title"], post["text"], MYBB_NOW.astimezone(UTC)).isoformat() == truth.isoformat()


@pytest.mark.parametrize("post", MYBB["posts"], ids=[f"pid{p['pid']}" for p in MYBB["posts"]])
def test_mybb_visible_text_alone_is_within_its_precision(post):
    # without the title, "N hours ago" can only say the post is at most now - N h and later than now - (N+1) h
    got = parse_displayed(post["text"], tz=MSK, now=MYBB_NOW)
    exact = datetime.fromisoformat(post["msk"]).replace(tzinfo=MSK)
    if "hour" in post["text"]:
        assert exact <= got < exact + timedelta(hours=1)
    elif "minute" in post["text"]:
        assert exact <= got < exact + timedelta(minutes=1)
    else:
        assert got == _true_minute(post)


def test_mybb_thread_uses_every_relative_form():
    # guards the table above: the thread really exercises each MyBB form
    texts = [p["text"] for p in MYBB["posts"]]
    assert len(texts) == 45
    for form in ("Yesterday, ", "Today, ", " hours ago", "1 hour ago", " minutes ago", "Less than 1 minute ago"):
        assert any(form in t for t in texts), form


# --- properties -------------------------------------------------------------------------------------

GENITIVE = ["января", "февраля", "марта", "апреля", "мая", "июня", "июля", "августа", "сентября", "октября",
            "ноября", "декабря"]
SHORT_RU = ["янв", "фев", "мар", "апр", "май", "июн", "июл", "авг", "сен", "окт", "ноя", "дек"]

def _moments():
    # every 37th day of 2000-2030 at a time of day that walks through all hours and many minutes
    day, step = datetime(2000, 1, 1), 0
    while day < datetime(2031, 1, 1):
        yield day.replace(hour=step * 7 % 24, minute=step * 13 % 60)
        day, step = day + timedelta(days=37), step + 1


def test_any_moscow_moment_round_trips_through_russian_forms():
    checked = 0
    for moment in _moments():
        local = moment.replace(tzinfo=MSK)
        texts = [f"{local.day} {GENITIVE[local.month - 1]} {local.year} г., {local:%H:%M}",
                 f"{local.day:02d} {SHORT_RU[local.month - 1]} {local.year}, {local:%H:%M}",
                 f"{local:%d.%m.%Y, %H:%M}"]
        if local.year <= NOW.year + 1:      # a two-digit year is never read as more than a year ahead
            texts.append(f"{local.day:02d}-{SHORT_RU[local.month - 1].capitalize()}-{local:%y %H:%M}")
        for text in texts:
            assert parse_displayed(text, tz=MSK, now=NOW) == local, text
            checked += 1
    assert checked > 1000


@pytest.mark.parametrize("tz", [MSK, KYIV, BERLIN], ids=str)
def test_today_and_yesterday_are_the_forum_days_of_now(tz):
    # every half hour (in UTC) of the weeks around both European DST switches of 2026
    for start in (datetime(2026, 3, 22, tzinfo=UTC), datetime(2026, 10, 18, tzinfo=UTC)):
        for step in range(14 * 48):
            now = start + timedelta(minutes=30 * step)
            local_today: date = now.astimezone(tz).date()
            today = parse_displayed("Сегодня, 12:00", tz=tz, now=now)
            yesterday = parse_displayed("Yesterday, 12:00 PM", tz=tz, now=now)
            assert (today.date(), today.hour) == (local_today, 12), now
            assert (yesterday.date(), yesterday.hour) == (local_today - timedelta(days=1), 12), now
