#!/usr/bin/env python3
"""Issue 30: `error.<CODE>` translations for the SPEC §8 codes a visitor can read in the modal.

Sets each key in the catalogue of the plugin whose view shows the error (the shell's when the
shell or several plugins do), in the 20 non-English locales. English keeps no `error.*` key: its
text is the error's own shortMessage. Re-runnable: a key already there is overwritten in place,
a new one is appended; each file is written back the way it is stored (2-space JSON, a final
newline, non-ASCII as is).

Usage: python3 errorKeys.py <repository root>
"""
import collections
import json
import os
import sys

LOCALES = ['ar', 'de', 'es', 'fa', 'fr', 'he', 'hi', 'id', 'it', 'ja', 'ko', 'pl', 'pt-BR', 'ru', 'th', 'tr', 'uk', 'vi', 'zh-CN', 'zh-TW']

# Codes whose English sentence holds the error's details (the reason the secure site or the
# secure window gave): their translations keep `{details}`.
WITH_DETAILS = {'KIT_AUTH_PASSKEY_NOT_FINISHED', 'KIT_AUTH_PASSKEY_REFUSED'}

T = {
    # ── The shell: HTTP failures (All Wallets' list, swap tokens and quotes, Buy) and the
    # connection store's errors (the connecting views' error line, the profile wallets' snackbar).
    'ui-shell/locales': {
        # 'HTTP status code: N' (N is not in the error's details, and means nothing to a visitor).
        'KIT_HTTP_STATUS': {
            'ar': 'ردّت الخدمة بخطأ',
            'de': 'Der Dienst hat mit einem Fehler geantwortet',
            'es': 'El servicio respondió con un error',
            'fa': 'سرویس با خطا پاسخ داد',
            'fr': 'Le service a répondu par une erreur',
            'he': 'השירות החזיר שגיאה',
            'hi': 'सेवा ने गड़बड़ी के साथ जवाब दिया',
            'id': 'Layanan merespons dengan kesalahan',
            'it': 'Il servizio ha risposto con un errore',
            'ja': 'サービスからエラーが返されました',
            'ko': '서비스가 오류를 반환했습니다',
            'pl': 'Usługa odpowiedziała błędem',
            'pt-BR': 'O serviço respondeu com um erro',
            'ru': 'Сервис ответил ошибкой',
            'th': 'บริการตอบกลับมาพร้อมข้อผิดพลาด',
            'tr': 'Hizmet bir hatayla yanıt verdi',
            'uk': 'Сервіс відповів помилкою',
            'vi': 'Dịch vụ trả về lỗi',
            'zh-CN': '服务返回了错误',
            'zh-TW': '服務傳回錯誤',
        },
        # 'HTTP status code: 429'
        'KIT_HTTP_RATE_LIMITED': {
            'ar': 'طلبات كثيرة جدًا: حاول مرة أخرى بعد قليل',
            'de': 'Zu viele Anfragen: Versuche es gleich erneut',
            'es': 'Demasiadas solicitudes: vuelve a intentarlo en un momento',
            'fa': 'تعداد درخواست‌ها زیاد است: کمی بعد دوباره امتحان کنید',
            'fr': 'Trop de requêtes : réessayez dans un instant',
            'he': 'יותר מדי בקשות: אפשר לנסות שוב בעוד רגע',
            'hi': 'बहुत ज़्यादा अनुरोध: थोड़ी देर में दोबारा कोशिश करें',
            'id': 'Terlalu banyak permintaan: coba lagi sebentar lagi',
            'it': 'Troppe richieste: riprova tra poco',
            'ja': 'リクエストが多すぎます。しばらくしてからもう一度お試しください',
            'ko': '요청이 너무 많습니다. 잠시 후 다시 시도하세요',
            'pl': 'Zbyt wiele żądań: spróbuj ponownie za chwilę',
            'pt-BR': 'Muitas solicitações: tente de novo em instantes',
            'ru': 'Слишком много запросов: повторите попытку чуть позже',
            'th': 'มีคำขอมากเกินไป โปรดลองอีกครั้งในอีกสักครู่',
            'tr': 'Çok fazla istek: biraz sonra tekrar deneyin',
            'uk': 'Забагато запитів: спробуйте знову за мить',
            'vi': 'Quá nhiều yêu cầu: hãy thử lại sau giây lát',
            'zh-CN': '请求过多：请稍后重试',
            'zh-TW': '請求過多：請稍後再試',
        },
        # 'HTTP status code: 5xx'
        'KIT_HTTP_SERVER_ERROR': {
            'ar': 'الخدمة غير متاحة الآن: حاول مرة أخرى لاحقًا',
            'de': 'Der Dienst ist gerade nicht erreichbar: Versuche es später erneut',
            'es': 'El servicio no está disponible ahora: vuelve a intentarlo más tarde',
            'fa': 'سرویس در حال حاضر در دسترس نیست: بعداً دوباره امتحان کنید',
            'fr': 'Le service est indisponible pour le moment : réessayez plus tard',
            'he': 'השירות אינו זמין כרגע: אפשר לנסות שוב מאוחר יותר',
            'hi': 'सेवा अभी उपलब्ध नहीं है: बाद में दोबारा कोशिश करें',
            'id': 'Layanan sedang tidak tersedia: coba lagi nanti',
            'it': 'Il servizio non è disponibile al momento: riprova più tardi',
            'ja': 'サービスは現在利用できません。後でもう一度お試しください',
            'ko': '지금은 서비스를 사용할 수 없습니다. 나중에 다시 시도하세요',
            'pl': 'Usługa jest teraz niedostępna: spróbuj ponownie później',
            'pt-BR': 'O serviço está indisponível no momento: tente de novo mais tarde',
            'ru': 'Сервис сейчас недоступен: повторите попытку позже',
            'th': 'บริการไม่พร้อมใช้งานในขณะนี้ โปรดลองอีกครั้งภายหลัง',
            'tr': 'Hizmet şu anda kullanılamıyor: daha sonra tekrar deneyin',
            'uk': 'Сервіс зараз недоступний: спробуйте пізніше',
            'vi': 'Dịch vụ hiện không khả dụng: hãy thử lại sau',
            'zh-CN': '服务暂时不可用：请稍后重试',
            'zh-TW': '服務暫時無法使用：請稍後再試',
        },
        # 'Wallet {name} is not available' (the extension was removed or disabled); the
        # connecting view shows the wallet's name above it.
        'KIT_CHAIN_WALLET_UNAVAILABLE': {
            'ar': 'هذه المحفظة غير متاحة',
            'de': 'Diese Wallet ist nicht verfügbar',
            'es': 'Esta billetera no está disponible',
            'fa': 'این کیف پول در دسترس نیست',
            'fr': 'Ce portefeuille n’est pas disponible',
            'he': 'הארנק הזה אינו זמין',
            'hi': 'यह वॉलेट उपलब्ध नहीं है',
            'id': 'Dompet ini tidak tersedia',
            'it': 'Questo wallet non è disponibile',
            'ja': 'このウォレットは利用できません',
            'ko': '이 지갑을 사용할 수 없습니다',
            'pl': 'Ten portfel jest niedostępny',
            'pt-BR': 'Esta carteira não está disponível',
            'ru': 'Этот кошелек недоступен',
            'th': 'กระเป๋าเงินนี้ไม่พร้อมใช้งาน',
            'tr': 'Bu cüzdan kullanılamıyor',
            'uk': 'Цей гаманець недоступний',
            'vi': 'Ví này không khả dụng',
            'zh-CN': '此钱包不可用',
            'zh-TW': '此錢包無法使用',
        },
        # 'No connector found for connection': a saved wallet (profile wallets) whose extension
        # is not in this browser.
        'KIT_CONNECTION_NO_CONNECTOR': {
            'ar': 'محفظة هذا الربط غير متاحة هنا',
            'de': 'Die Wallet dieser Verbindung ist hier nicht verfügbar',
            'es': 'La billetera de esta conexión no está disponible aquí',
            'fa': 'کیف پول این اتصال اینجا در دسترس نیست',
            'fr': 'Le portefeuille de cette connexion n’est pas disponible ici',
            'he': 'הארנק של החיבור הזה אינו זמין כאן',
            'hi': 'इस कनेक्शन का वॉलेट यहां उपलब्ध नहीं है',
            'id': 'Dompet untuk koneksi ini tidak tersedia di sini',
            'it': 'Il wallet di questa connessione non è disponibile qui',
            'ja': 'この接続のウォレットはここでは利用できません',
            'ko': '이 연결의 지갑을 여기에서 사용할 수 없습니다',
            'pl': 'Portfel tego połączenia jest tu niedostępny',
            'pt-BR': 'A carteira desta conexão não está disponível aqui',
            'ru': 'Кошелек этого подключения здесь недоступен',
            'th': 'กระเป๋าเงินของการเชื่อมต่อนี้ไม่พร้อมใช้งานที่นี่',
            'tr': 'Bu bağlantının cüzdanı burada kullanılamıyor',
            'uk': 'Гаманець цього підключення тут недоступний',
            'vi': 'Ví của kết nối này không khả dụng ở đây',
            'zh-CN': '此连接的钱包在这里不可用',
            'zh-TW': '此連接的錢包在這裡無法使用',
        },
    },
    # ── The embedded wallet: its frame (email and social login, Account type) and the passkey view.
    'plugins/embeddedWallet/locales': {
        # 'Request was aborted': the frame reloaded before it answered.
        'KIT_AUTH_FRAME_REQUEST_ABORTED': {
            'ar': 'أُلغي طلب المحفظة المدمجة: حاول مرة أخرى',
            'de': 'Die Anfrage an die eingebettete Wallet wurde abgebrochen: Versuche es erneut',
            'es': 'Se canceló la solicitud a la billetera integrada: vuelve a intentarlo',
            'fa': 'درخواست کیف پول داخلی لغو شد: دوباره امتحان کنید',
            'fr': 'La requête au portefeuille intégré a été annulée : réessayez',
            'he': 'הבקשה לארנק המוטמע בוטלה: אפשר לנסות שוב',
            'hi': 'एम्बेडेड वॉलेट का अनुरोध रद्द हो गया: दोबारा कोशिश करें',
            'id': 'Permintaan dompet tersemat dibatalkan: coba lagi',
            'it': 'La richiesta al wallet integrato è stata annullata: riprova',
            'ja': '埋め込みウォレットのリクエストが中止されました。もう一度お試しください',
            'ko': '내장 지갑 요청이 중단되었습니다. 다시 시도하세요',
            'pl': 'Żądanie do wbudowanego portfela zostało przerwane: spróbuj ponownie',
            'pt-BR': 'A solicitação à carteira integrada foi cancelada: tente de novo',
            'ru': 'Запрос к встроенному кошельку прерван: повторите попытку',
            'th': 'คำขอของกระเป๋าเงินในตัวถูกยกเลิก โปรดลองอีกครั้ง',
            'tr': 'Gömülü cüzdana yapılan istek iptal edildi: tekrar deneyin',
            'uk': 'Запит до вбудованого гаманця перервано: спробуйте знову',
            'vi': 'Yêu cầu tới ví nhúng đã bị hủy: hãy thử lại',
            'zh-CN': '嵌入式钱包请求已中止：请重试',
            'zh-TW': '內嵌錢包請求已中止：請再試一次',
        },
        'KIT_AUTH_PASSKEY_NOT_ADDABLE': {
            'ar': 'لا يمكن إضافة مفتاح مرور على هذا الجهاز: للمحفظة مفتاح مرور بالفعل، أو لا يحمل هذا الجهاز مفتاحها',
            'de': 'Auf diesem Gerät kann kein Passkey hinzugefügt werden: Die Wallet hat schon einen, oder dieses Gerät hat ihren Schlüssel nicht',
            'es': 'No se puede agregar una llave de acceso en este dispositivo: la billetera ya tiene una o este dispositivo no tiene su clave',
            'fa': 'در این دستگاه نمی‌توان کلید عبور اضافه کرد: کیف پول از قبل یکی دارد، یا این دستگاه کلید آن را ندارد',
            'fr': 'Impossible d’ajouter une clé d’accès sur cet appareil : le portefeuille en a déjà une, ou cet appareil n’a pas sa clé',
            'he': 'אי אפשר להוסיף מפתח גישה במכשיר הזה: לארנק כבר יש אחד, או שהמכשיר לא מחזיק את המפתח שלו',
            'hi': 'इस डिवाइस पर पासकी नहीं जोड़ी जा सकती: वॉलेट में पहले से एक है, या इस डिवाइस पर उसकी कुंजी नहीं है',
            'id': 'Kunci sandi tidak dapat ditambahkan di perangkat ini: dompet sudah punya satu, atau perangkat ini tidak menyimpan kuncinya',
            'it': 'Non puoi aggiungere una passkey su questo dispositivo: il wallet ne ha già una, oppure questo dispositivo non ha la sua chiave',
            'ja': 'このデバイスではパスキーを追加できません。ウォレットにすでにパスキーがあるか、このデバイスにウォレットの鍵がありません',
            'ko': '이 기기에서는 패스키를 추가할 수 없습니다. 지갑에 이미 패스키가 있거나 이 기기에 지갑 키가 없습니다',
            'pl': 'Na tym urządzeniu nie można dodać klucza dostępu: portfel ma już jeden albo to urządzenie nie ma jego klucza',
            'pt-BR': 'Não é possível adicionar uma chave de acesso neste dispositivo: a carteira já tem uma ou este dispositivo não tem a chave dela',
            'ru': 'На этом устройстве нельзя добавить ключ доступа: у кошелька он уже есть или на этом устройстве нет его ключа',
            'th': 'เพิ่มพาสคีย์ในอุปกรณ์นี้ไม่ได้ เพราะกระเป๋าเงินมีพาสคีย์อยู่แล้ว หรืออุปกรณ์นี้ไม่มีคีย์ของกระเป๋าเงิน',
            'tr': 'Bu cihazda geçiş anahtarı eklenemiyor: cüzdanın zaten bir geçiş anahtarı var ya da bu cihazda cüzdanın anahtarı yok',
            'uk': 'На цьому пристрої не можна додати ключ доступу: гаманець уже має його або цей пристрій не має його ключа',
            'vi': 'Không thể thêm khóa truy cập trên thiết bị này: ví đã có một khóa, hoặc thiết bị này không giữ khóa của ví',
            'zh-CN': '无法在此设备上添加通行密钥：钱包已有通行密钥，或此设备没有钱包的密钥',
            'zh-TW': '無法在這部裝置上新增密碼金鑰：錢包已有密碼金鑰，或這部裝置沒有錢包的金鑰',
        },
        # 'The passkey step did not finish ({details}): nothing changed'
        'KIT_AUTH_PASSKEY_NOT_FINISHED': {
            'ar': 'لم تكتمل خطوة مفتاح المرور ({details}): لم يتغير شيء',
            'de': 'Der Passkey-Schritt wurde nicht abgeschlossen ({details}): nichts wurde geändert',
            'es': 'El paso de la llave de acceso no terminó ({details}): no cambió nada',
            'fa': 'مرحلهٔ کلید عبور کامل نشد ({details}): چیزی تغییر نکرد',
            'fr': 'L’étape de la clé d’accès n’a pas abouti ({details}) : rien n’a changé',
            'he': 'שלב מפתח הגישה לא הושלם ({details}): שום דבר לא השתנה',
            'hi': 'पासकी का चरण पूरा नहीं हुआ ({details}): कुछ नहीं बदला',
            'id': 'Langkah kunci sandi belum selesai ({details}): tidak ada yang berubah',
            'it': 'Il passaggio della passkey non è terminato ({details}): non è cambiato nulla',
            'ja': 'パスキーの手順が完了しませんでした（{details}）。変更はありません',
            'ko': '패스키 단계가 완료되지 않았습니다({details}). 변경된 내용이 없습니다',
            'pl': 'Krok klucza dostępu nie został ukończony ({details}): nic się nie zmieniło',
            'pt-BR': 'A etapa da chave de acesso não terminou ({details}): nada mudou',
            'ru': 'Шаг с ключом доступа не завершился ({details}): ничего не изменилось',
            'th': 'ขั้นตอนพาสคีย์ไม่เสร็จสมบูรณ์ ({details}) ไม่มีอะไรเปลี่ยนแปลง',
            'tr': 'Geçiş anahtarı adımı tamamlanmadı ({details}): hiçbir şey değişmedi',
            'uk': 'Крок із ключем доступу не завершився ({details}): нічого не змінилося',
            'vi': 'Bước khóa truy cập chưa hoàn tất ({details}): không có gì thay đổi',
            'zh-CN': '通行密钥步骤未完成（{details}）：没有任何更改',
            'zh-TW': '密碼金鑰步驟未完成（{details}）：沒有任何變更',
        },
        # 'This passkey was refused ({details}): nothing changed'
        'KIT_AUTH_PASSKEY_REFUSED': {
            'ar': 'رُفض مفتاح المرور هذا ({details}): لم يتغير شيء',
            'de': 'Dieser Passkey wurde abgelehnt ({details}): nichts wurde geändert',
            'es': 'Se rechazó esta llave de acceso ({details}): no cambió nada',
            'fa': 'این کلید عبور پذیرفته نشد ({details}): چیزی تغییر نکرد',
            'fr': 'Cette clé d’accès a été refusée ({details}) : rien n’a changé',
            'he': 'מפתח הגישה הזה נדחה ({details}): שום דבר לא השתנה',
            'hi': 'यह पासकी अस्वीकार कर दी गई ({details}): कुछ नहीं बदला',
            'id': 'Kunci sandi ini ditolak ({details}): tidak ada yang berubah',
            'it': 'Questa passkey è stata rifiutata ({details}): non è cambiato nulla',
            'ja': 'このパスキーは拒否されました（{details}）。変更はありません',
            'ko': '이 패스키가 거부되었습니다({details}). 변경된 내용이 없습니다',
            'pl': 'Ten klucz dostępu został odrzucony ({details}): nic się nie zmieniło',
            'pt-BR': 'Esta chave de acesso foi recusada ({details}): nada mudou',
            'ru': 'Этот ключ доступа отклонен ({details}): ничего не изменилось',
            'th': 'พาสคีย์นี้ถูกปฏิเสธ ({details}) ไม่มีอะไรเปลี่ยนแปลง',
            'tr': 'Bu geçiş anahtarı reddedildi ({details}): hiçbir şey değişmedi',
            'uk': 'Цей ключ доступу відхилено ({details}): нічого не змінилося',
            'vi': 'Khóa truy cập này đã bị từ chối ({details}): không có gì thay đổi',
            'zh-CN': '此通行密钥被拒绝（{details}）：没有任何更改',
            'zh-TW': '此密碼金鑰遭到拒絕（{details}）：沒有任何變更',
        },
    },
    # ── Sign-in (SIWX): the sign view's snackbar when the wallet disconnected while it was open.
    'plugins/siwx/locales': {
        # 'No ActiveCaipAddress found'
        'KIT_SIWX_NO_ACCOUNT': {
            'ar': 'لا يوجد حساب متصل: اربط محفظة أولًا',
            'de': 'Kein Konto verbunden: Verbinde zuerst eine Wallet',
            'es': 'No hay ninguna cuenta conectada: conecta una billetera primero',
            'fa': 'هیچ حسابی متصل نیست: ابتدا یک کیف پول متصل کنید',
            'fr': 'Aucun compte connecté : connectez d’abord un portefeuille',
            'he': 'אין חשבון מחובר: יש לחבר ארנק קודם',
            'hi': 'कोई अकाउंट कनेक्ट नहीं है: पहले एक वॉलेट कनेक्ट करें',
            'id': 'Tidak ada akun yang terhubung: hubungkan dompet terlebih dahulu',
            'it': 'Nessun account collegato: collega prima un wallet',
            'ja': '接続中のアカウントがありません。先にウォレットを接続してください',
            'ko': '연결된 계정이 없습니다. 먼저 지갑을 연결하세요',
            'pl': 'Brak połączonego konta: najpierw połącz portfel',
            'pt-BR': 'Nenhuma conta conectada: conecte uma carteira primeiro',
            'ru': 'Нет подключенного аккаунта: сначала подключите кошелек',
            'th': 'ไม่มีบัญชีที่เชื่อมต่ออยู่ โปรดเชื่อมต่อกระเป๋าเงินก่อน',
            'tr': 'Bağlı hesap yok: önce bir cüzdan bağlayın',
            'uk': 'Немає підключеного акаунта: спочатку підключіть гаманець',
            'vi': 'Chưa có tài khoản nào được kết nối: hãy kết nối ví trước',
            'zh-CN': '没有已连接的账户：请先连接钱包',
            'zh-TW': '沒有已連接的帳戶：請先連接錢包',
        },
        # 'No ActiveCaipNetwork or client found'
        'KIT_SIWX_NO_NETWORK': {
            'ar': 'لم تُحدَّد شبكة: اختر شبكة أولًا',
            'de': 'Kein Netzwerk ausgewählt: Wähle zuerst ein Netzwerk',
            'es': 'No hay ninguna red seleccionada: elige una red primero',
            'fa': 'هیچ شبکه‌ای انتخاب نشده است: ابتدا یک شبکه انتخاب کنید',
            'fr': 'Aucun réseau sélectionné : choisissez d’abord un réseau',
            'he': 'לא נבחרה רשת: יש לבחור רשת קודם',
            'hi': 'कोई नेटवर्क नहीं चुना गया है: पहले एक नेटवर्क चुनें',
            'id': 'Belum ada jaringan yang dipilih: pilih jaringan terlebih dahulu',
            'it': 'Nessuna rete selezionata: scegli prima una rete',
            'ja': 'ネットワークが選択されていません。先にネットワークを選択してください',
            'ko': '선택된 네트워크가 없습니다. 먼저 네트워크를 선택하세요',
            'pl': 'Nie wybrano sieci: najpierw wybierz sieć',
            'pt-BR': 'Nenhuma rede selecionada: escolha uma rede primeiro',
            'ru': 'Сеть не выбрана: сначала выберите сеть',
            'th': 'ยังไม่ได้เลือกเครือข่าย โปรดเลือกเครือข่ายก่อน',
            'tr': 'Ağ seçilmedi: önce bir ağ seçin',
            'uk': 'Мережу не вибрано: спочатку виберіть мережу',
            'vi': 'Chưa chọn mạng: hãy chọn mạng trước',
            'zh-CN': '未选择网络：请先选择网络',
            'zh-TW': '尚未選擇網路：請先選擇網路',
        },
    },
    # ── Swap: the preview's error lines under Approve and Swap. Each code's English has a
    # sentence for the approval and one for the swap; one translation names the transaction.
    'plugins/swaps/locales': {
        # 'No approval could be prepared' / 'No swap could be prepared'
        'KIT_SWAP_NO_TRANSACTION': {
            'ar': 'تعذّر تجهيز المعاملة',
            'de': 'Die Transaktion konnte nicht vorbereitet werden',
            'es': 'No se pudo preparar la transacción',
            'fa': 'آماده‌سازی تراکنش ممکن نشد',
            'fr': 'La transaction n’a pas pu être préparée',
            'he': 'לא ניתן היה להכין את העסקה',
            'hi': 'ट्रांज़ैक्शन तैयार नहीं हो सका',
            'id': 'Transaksi tidak dapat disiapkan',
            'it': 'Non è stato possibile preparare la transazione',
            'ja': 'トランザクションを準備できませんでした',
            'ko': '트랜잭션을 준비하지 못했습니다',
            'pl': 'Nie udało się przygotować transakcji',
            'pt-BR': 'Não foi possível preparar a transação',
            'ru': 'Не удалось подготовить транзакцию',
            'th': 'เตรียมธุรกรรมไม่สำเร็จ',
            'tr': 'İşlem hazırlanamadı',
            'uk': 'Не вдалося підготувати транзакцію',
            'vi': 'Không thể chuẩn bị giao dịch',
            'zh-CN': '无法准备交易',
            'zh-TW': '無法準備交易',
        },
        # 'The approval failed on chain' / 'The swap failed on chain'
        'KIT_SWAP_TRANSACTION_REVERTED': {
            'ar': 'فشلت المعاملة على السلسلة',
            'de': 'Die Transaktion ist auf der Blockchain fehlgeschlagen',
            'es': 'La transacción falló en la cadena',
            'fa': 'تراکنش روی زنجیره ناموفق بود',
            'fr': 'La transaction a échoué sur la blockchain',
            'he': 'העסקה נכשלה בבלוקצ׳יין',
            'hi': 'ट्रांज़ैक्शन चेन पर विफल रहा',
            'id': 'Transaksi gagal di blockchain',
            'it': 'La transazione non è riuscita sulla blockchain',
            'ja': 'トランザクションがチェーン上で失敗しました',
            'ko': '트랜잭션이 체인에서 실패했습니다',
            'pl': 'Transakcja nie powiodła się w blockchainie',
            'pt-BR': 'A transação falhou na blockchain',
            'ru': 'Транзакция не прошла в блокчейне',
            'th': 'ธุรกรรมล้มเหลวบนเชน',
            'tr': 'İşlem zincirde başarısız oldu',
            'uk': 'Транзакція не вдалася в блокчейні',
            'vi': 'Giao dịch thất bại trên chuỗi',
            'zh-CN': '交易在链上失败',
            'zh-TW': '交易在鏈上失敗',
        },
    },
}


def check(folder, code, texts):
    """Every locale, `{details}` exactly where the English has it, and no ICU quote (a straight apostrophe)."""
    missing = [locale for locale in LOCALES if not texts.get(locale)]
    extra = [locale for locale in texts if locale not in LOCALES]
    if missing or extra:
        sys.exit(f'{folder} {code}: missing {missing}, unknown {extra}')
    for locale, text in texts.items():
        if ('{details}' in text) != (code in WITH_DETAILS) or "'" in text:
            sys.exit(f'{folder} {code} {locale}: {text!r}')


def main(root):
    for folder, codes in T.items():
        for code, texts in codes.items():
            check(folder, code, texts)
        for locale in LOCALES:
            path = os.path.join(root, folder, f'{locale}.json')
            with open(path, encoding='utf-8') as file:
                data = json.load(file, object_pairs_hook=collections.OrderedDict)
            for code, texts in codes.items():
                data[f'error.{code}'] = texts[locale]
            with open(path, 'w', encoding='utf-8') as file:
                file.write(json.dumps(data, ensure_ascii=False, indent=2) + '\n')
    print(f'{sum(len(codes) for codes in T.values()) * len(LOCALES)} keys set in {len(T) * len(LOCALES)} files')


if __name__ == '__main__':
    if len(sys.argv) != 2:
        sys.exit('usage: errorKeys.py <repository root>')
    main(sys.argv[1])
