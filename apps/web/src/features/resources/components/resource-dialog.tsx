import { UploadOutlined } from '@ant-design/icons';
import {
  DocumentMessages,
  isWebAddress,
  RESOURCE_CATEGORIES,
  RESOURCE_DESCRIPTION_MAX,
  RESOURCE_TITLE_MAX,
  RESOURCE_URL_MAX,
  ResourceMessages,
  UPLOAD_ACCEPT,
  uploadNameError,
  type Resource,
  type ResourceCategory,
} from '@vp/contract';
import { Button, Form, Input, Modal, Radio, Select, Upload } from 'antd';
import { useState } from 'react';
import { useUnsavedChanges } from '../../../hooks/use-unsaved-changes.ts';
import { fieldErrorsOf } from '../../../lib/form-errors.ts';
import { errorMessage } from '../../../lib/http.ts';
import { toast, toastSaved } from '../../../lib/toast.ts';
import { useSaveResource } from '../api.ts';

interface Values {
  category: ResourceCategory;
  title: string;
  description: string;
  kind: 'file' | 'link';
  url: string;
}

function initialValues(resource: Resource | null, category: ResourceCategory | null): Values {
  return {
    category: resource?.category ?? category ?? RESOURCE_CATEGORIES[0],
    title: resource?.title ?? '',
    description: resource?.description ?? '',
    kind: resource?.kind ?? 'file',
    url: resource?.url ?? '',
  };
}

/**
 * Add or edit a resource (MLS staff): its category, title and description, and either a file (the
 * same types and checks as document uploads) or a web address (http or https). Editing a file
 * resource without choosing a new file keeps the one it has.
 */
export function ResourceDialog({
  open,
  resource,
  category,
  onClose,
}: {
  open: boolean;
  /** null: a new resource. */
  resource: Resource | null;
  /** The category a new resource starts in. */
  category: ResourceCategory | null;
  onClose: () => void;
}) {
  const [form] = Form.useForm<Values>();
  const save = useSaveResource();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const initial = initialValues(resource, category);
  const values = Form.useWatch((v: Values) => v, form) as Values | undefined;
  const kind = values?.kind ?? initial.kind;
  const dirty =
    open &&
    (file !== null ||
      (values !== undefined && JSON.stringify({ ...initial, ...values }) !== JSON.stringify(initial)));
  const guard = useUnsavedChanges(dirty);
  // A file resource being edited may keep its file.
  const needsFile = kind === 'file' && !(resource?.kind === 'file');

  async function cancel() {
    if (!(await guard.confirmLeave())) return;
    onClose();
  }

  function chooseFile(chosen: File) {
    const problem = uploadNameError(chosen.name);
    setFileError(problem);
    setFile(problem ? null : chosen);
  }

  async function submit() {
    let v: Values;
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    if (kind === 'file' && needsFile && !file) {
      setFileError(DocumentMessages.fileRequired);
      return;
    }
    const fields = {
      category: v.category,
      title: v.title,
      description: v.description ?? '',
      ...(v.kind === 'link' ? { url: v.url } : {}),
    };
    try {
      const { message } = await save.mutateAsync({
        id: resource?.id ?? null,
        fields,
        file: v.kind === 'file' ? file : null,
      });
      guard.release();
      void toastSaved(message);
      onClose();
    } catch (err) {
      form.setFields(
        fieldErrorsOf(err, {
          category: [ResourceMessages.categoryInvalid],
          title: [ResourceMessages.titleRequired, ResourceMessages.titleTooLong],
          description: [ResourceMessages.descriptionTooLong],
          url: [ResourceMessages.urlInvalid, ResourceMessages.urlTooLong],
        }),
      );
      void toast('error', errorMessage(err));
    }
  }

  return (
    <Modal
      title={resource ? `Edit ${resource.title}` : 'Add a resource'}
      open={open}
      onCancel={() => void cancel()}
      onOk={() => void submit()}
      okText={resource ? 'Save' : 'Add'}
      okButtonProps={{ disabled: !dirty }}
      confirmLoading={save.isPending}
      destroyOnHidden
      width={560}
    >
      <Form<Values>
        form={form}
        name={resource ? `resource-${resource.id}` : 'new-resource'}
        layout="vertical"
        initialValues={initial}
      >
        <Form.Item label="Category" name="category" rules={[{ required: true }]}>
          <Select options={RESOURCE_CATEGORIES.map((c) => ({ value: c, label: c }))} />
        </Form.Item>
        <Form.Item
          label="Title"
          name="title"
          rules={[
            { required: true, whitespace: true, message: ResourceMessages.titleRequired },
            { max: RESOURCE_TITLE_MAX, message: ResourceMessages.titleTooLong },
          ]}
        >
          <Input autoFocus />
        </Form.Item>
        <Form.Item
          label="Description"
          name="description"
          rules={[{ max: RESOURCE_DESCRIPTION_MAX, message: ResourceMessages.descriptionTooLong }]}
        >
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} />
        </Form.Item>
        <Form.Item label="Content" name="kind">
          <Radio.Group
            options={[
              { value: 'file', label: 'A file' },
              { value: 'link', label: 'A web address' },
            ]}
          />
        </Form.Item>
        {kind === 'link' ? (
          <Form.Item
            label="Web address"
            name="url"
            rules={[
              { required: true, whitespace: true, message: ResourceMessages.urlInvalid },
              { max: RESOURCE_URL_MAX, message: ResourceMessages.urlTooLong },
              {
                validator: (_, value: string) =>
                  !value || isWebAddress(value.trim())
                    ? Promise.resolve()
                    : Promise.reject(new Error(ResourceMessages.urlInvalid)),
              },
            ]}
          >
            <Input placeholder="https://" inputMode="url" />
          </Form.Item>
        ) : (
          <Form.Item
            label="File"
            validateStatus={fileError ? 'error' : undefined}
            help={
              fileError ??
              (resource?.fileName && !file
                ? `Keeps ${resource.fileName} unless you choose another.`
                : undefined)
            }
          >
            <Upload
              accept={UPLOAD_ACCEPT}
              maxCount={1}
              beforeUpload={(f) => {
                chooseFile(f);
                return false;
              }}
              onRemove={() => {
                setFile(null);
                return true;
              }}
              fileList={file ? [{ uid: 'chosen', name: file.name, status: 'done' }] : []}
            >
              <Button icon={<UploadOutlined aria-hidden="true" />}>Choose a file</Button>
            </Upload>
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
